<?php

declare(strict_types=1);

// Loads the examples' web layer (Paystra\Example\*) and, first, the Paystra library it is built
// on (core/, what a merchant installs): `require 'example/src/autoload.php';`.
require __DIR__ . '/../../core/src/autoload.php';

spl_autoload_register(static function (string $class): void {
    $prefix = 'Paystra\\Example\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
