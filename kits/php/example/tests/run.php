<?php

declare(strict_types=1);

/**
 * The tests of the examples' web layer (pages, escaping, the example order store), with the
 * library's runner: `php example/tests/run.php`. The library's own tests are core/tests/run.php.
 * Exits 1 when any test fails.
 */

require __DIR__ . '/../src/autoload.php';
require __DIR__ . '/../../core/tests/Assert.php';
require __DIR__ . '/../../core/tests/Runner.php';

exit(runTests(glob(__DIR__ . '/*Test.php') ?: []));
