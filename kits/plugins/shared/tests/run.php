<?php

declare(strict_types=1);

// Runs this plugin's tests with plain PHP (no PHPUnit, no Composer):
//   php tests/run.php            every test
//   php tests/run.php Response   only tests whose Class::method contains "Response"
// The Paystra PHP library must sit where plugin.json's "coreInto" says (the plugin's archive
// ships it there).

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

require __DIR__ . '/TestCase.php';
require __DIR__ . '/bootstrap.php';

exit(\Paystra\Tests\TestCase::runAll(glob(__DIR__ . '/*Test.php') ?: [], (string) ($argv[1] ?? '')));
