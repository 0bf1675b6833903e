<?php

declare(strict_types=1);

// A test runner with no framework to install, for the library's tests (core/tests/run.php) and
// the examples' web layer (example/tests/run.php).

$tests = [];

/** Registers a test; the suites call it. */
function test(string $name, callable $body): void
{
    global $tests;
    $tests[] = [$name, $body];
}

/** Loads the suites, runs every test they register, and returns the exit code: 1 when any fails. */
function runTests(array $suites): int
{
    global $tests;
    try {
        foreach ($suites as $suite) {
            require $suite;
        }
    } catch (Throwable $error) {
        fwrite(STDERR, 'Cannot load the tests: ' . $error->getMessage() . "\n");
        return 1;
    }

    $failed = 0;
    foreach ($tests as [$name, $body]) {
        try {
            $body();
            echo "ok   $name\n";
        } catch (Throwable $error) {
            $failed++;
            echo "FAIL $name\n     " . str_replace("\n", "\n     ", $error->getMessage()) . "\n";
            if (!$error instanceof AssertionFailed) {
                echo '     at ' . $error->getFile() . ':' . $error->getLine() . "\n";
            }
        }
    }
    printf("\n%d tests, %d passed, %d failed\n", count($tests), count($tests) - $failed, $failed);
    return $failed === 0 ? 0 : 1;
}
