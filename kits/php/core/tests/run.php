<?php

declare(strict_types=1);

/**
 * The library's unit tests, with no framework to install: `php core/tests/run.php`.
 * Reads the protocol vectors from $PAYSTRA_VECTORS (default: tests/vectors.json beside this
 * file). Exits 1 when any test fails.
 */

require __DIR__ . '/../src/autoload.php';
require __DIR__ . '/Assert.php';
require __DIR__ . '/Runner.php';

/** The shared protocol vectors (tests/vectors.json). */
function vectors(): array
{
    static $vectors = null;
    if ($vectors === null) {
        $path = getenv('PAYSTRA_VECTORS') ?: __DIR__ . '/vectors.json';
        if (!is_file($path) && !getenv('PAYSTRA_VECTORS')) {
            // Inside the Paystra repository the vectors live with the gateway's protocol module.
            $inRepository = __DIR__ . '/../../../../core/protocol/vectors.json';
            $path = is_file($inRepository) ? $inRepository : $path;
        }
        $text = is_file($path) ? file_get_contents($path) : false;
        if ($text === false) {
            throw new RuntimeException("No vectors file at $path (set PAYSTRA_VECTORS)");
        }
        $vectors = json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    }
    return $vectors;
}

exit(runTests(glob(__DIR__ . '/*Test.php') ?: []));
