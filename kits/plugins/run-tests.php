<?php

declare(strict_types=1);

// Runs the shop plugins' checks without Composer or PHPUnit:
//
//   php kits/plugins/run-tests.php                      every plugin
//   php kits/plugins/run-tests.php woocommerce magento  some of them
//   php kits/plugins/run-tests.php --staged <dir>       a plugin already staged (core in place)
//   php kits/plugins/run-tests.php --stage <plugin> <dir>   only stage one (to try it by hand)
//
// Staging copies kits/plugins/<plugin>/ into a temporary folder, kits/php/core/src into the
// folder its plugin.json names as "coreInto", the shop-independent layer (shared/) into
// "sharedInto" and tests/, and the shared vectors (core/protocol/vectors.json) into tests/ —
// what a release archive holds (scripts/build/downloads/archive-plan.ts builds the archives the
// same way, and kits/plugins/plugins.test.ts runs this on them).
// Then every PHP file passes `php -l` and the plugin's own tests run (tests/run.php).

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

const PLUGINS = ['woocommerce', 'magento', 'oscommerce', 'opencart', 'prestashop'];

$core = realpath(__DIR__ . '/../php/core/src') ?: '';
$args = array_slice($argv, 1);

if (($args[0] ?? '') === '--staged') {
    exit(checkStaged($args[1] ?? usage()) ? 0 : 1);
}
if (($args[0] ?? '') === '--stage') {
    stage($args[1] ?? usage(), $args[2] ?? usage(), $core);
    echo "Staged {$args[1]} in {$args[2]}\n";
    exit(0);
}

$plugins = $args === [] ? PLUGINS : $args;
foreach ($plugins as $plugin) {
    if (!in_array($plugin, PLUGINS, true)) {
        usage("Unknown plugin \"$plugin\"");
    }
}
$ok = true;
foreach ($plugins as $plugin) {
    $dir = sys_get_temp_dir() . '/paystra-plugin-' . $plugin . '-' . getmypid();
    stage($plugin, $dir, $core);
    echo "\n== $plugin (staged in $dir)\n";
    $ok = checkStaged($dir) && $ok;
    removeTree($dir);
}
echo $ok ? "\nAll plugin checks passed.\n" : "\nSome plugin checks FAILED.\n";
exit($ok ? 0 : 1);

function usage(string $problem = ''): never
{
    fwrite(STDERR, ($problem !== '' ? "$problem\n" : '')
        . "usage: php run-tests.php [plugin...] | --staged <dir> | --stage <plugin> <dir>\n"
        . 'plugins: ' . implode(', ', PLUGINS) . "\n");
    exit(2);
}

/** Copies the plugin and the Paystra library into $dir, as the release archive lays them out. */
function stage(string $plugin, string $dir, string $core): void
{
    $source = __DIR__ . '/' . $plugin;
    if (!is_file("$source/plugin.json")) {
        usage("No plugin.json in $source");
    }
    if ($core === '' || !is_file("$core/autoload.php")) {
        fwrite(STDERR, "The Paystra PHP library (kits/php/core/src) is missing.\n");
        exit(2);
    }
    $manifest = json_decode((string) file_get_contents("$source/plugin.json"), true, 4, JSON_THROW_ON_ERROR);
    if (is_dir($dir)) {
        removeTree($dir);
    }
    copyTree($source, $dir);
    copyTree($core, $dir . '/' . trim((string) $manifest['coreInto'], '/'));
    foreach (glob(__DIR__ . '/shared/*.php') ?: [] as $shared) {
        copy($shared, $dir . '/' . trim((string) $manifest['sharedInto'], '/') . '/' . basename($shared));
    }
    copyTree(__DIR__ . '/shared/tests', "$dir/tests");
    // The shared vectors, whose order table the tests run through the plugin's outcomes.
    copy(__DIR__ . '/../../core/protocol/vectors.json', "$dir/tests/vectors.json");
}

/** `php -l` on every PHP file, then the plugin's tests. */
function checkStaged(string $dir): bool
{
    $files = [];
    $iterator = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS));
    foreach ($iterator as $file) {
        if (preg_match('/\.(php|phtml)$/', $file->getFilename()) === 1) {
            $files[] = $file->getPathname();
        }
    }
    sort($files);
    $lintFailures = 0;
    foreach ($files as $file) {
        exec(escapeshellarg(PHP_BINARY) . ' -l ' . escapeshellarg($file) . ' 2>&1', $output, $status);
        if ($status !== 0) {
            $lintFailures++;
            echo implode("\n", $output) . "\n";
        }
        $output = [];
    }
    echo sprintf("php -l: %d files, %d with errors\n", count($files), $lintFailures);
    passthru(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$dir/tests/run.php"), $status);
    return $lintFailures === 0 && $status === 0;
}

function copyTree(string $from, string $to): void
{
    if (!is_dir($to) && !mkdir($to, 0777, true)) {
        throw new RuntimeException("Cannot create $to");
    }
    $iterator = new RecursiveIteratorIterator(
        new RecursiveDirectoryIterator($from, FilesystemIterator::SKIP_DOTS),
        RecursiveIteratorIterator::SELF_FIRST,
    );
    foreach ($iterator as $item) {
        $target = $to . '/' . substr($item->getPathname(), strlen($from) + 1);
        if ($item->isDir()) {
            is_dir($target) || mkdir($target, 0777, true);
        } else {
            copy($item->getPathname(), $target);
        }
    }
}

function removeTree(string $dir): void
{
    $iterator = new RecursiveIteratorIterator(
        new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS),
        RecursiveIteratorIterator::CHILD_FIRST,
    );
    foreach ($iterator as $item) {
        $item->isDir() ? rmdir($item->getPathname()) : unlink($item->getPathname());
    }
    rmdir($dir);
}
