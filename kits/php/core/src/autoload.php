<?php

declare(strict_types=1);

// Loads the Paystra library without Composer: `require 'core/src/autoload.php';`.
// With Composer, composer.json maps the same namespace (PSR-4) and this file is not needed.
spl_autoload_register(static function (string $class): void {
    $prefix = 'Paystra\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
