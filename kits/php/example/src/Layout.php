<?php

declare(strict_types=1);

namespace Paystra\Example;

/**
 * The page around every screen of an example: header with the kit's name, the content, a footer
 * with the gateway and how amounts are written, and the examples' one stylesheet
 * (example/example.css); and the page that posts the customer to the gateway.
 */
final class Layout
{
    /**
     * A whole page. `$options`: kit (the example's name in the header), gateway (base URL shown
     * in the footer), refresh (seconds before the page reloads itself).
     */
    public static function page(string $title, string $body, array $options = []): string
    {
        $kit = (string) ($options['kit'] ?? 'Paystra PHP kit');
        $refresh = isset($options['refresh']) ? '<meta http-equiv="refresh" content="' . (int) $options['refresh'] . '">' : '';
        $gateway = isset($options['gateway'])
            ? '<p>Gateway: <code>' . Escape::html($options['gateway']) . '</code>. Amounts are in paise: <code>AMOUNT=100</code> is ₹1.00.</p>'
            : '';
        return '<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>' . Escape::html($title . ' · ' . $kit) . '</title>' . $refresh . '
<style>' . self::style() . '</style>
</head>
<body>
<header class="top"><div class="wrap"><a class="brand" href="/">Paystra <span>' . Escape::html($kit) . '</span></a><span class="badge">Test mode</span></div></header>
<main class="wrap">
' . $body . '
</main>
<footer class="wrap">' . $gateway . '<p>Paystra Payments Private Limited · MIT-licensed sample code · Never put your salt in browser code.</p></footer>
</body>
</html>
';
    }

    /**
     * The page that sends the customer's browser to the gateway: ONE form of hidden inputs,
     * submitted at once by a script, with a button for browsers that run none.
     */
    public static function autoPostPage(string $action, array $fields, string $summary, array $options = []): string
    {
        $body = '<section class="card">
<h1>Redirecting you to Paystra…</h1>
' . $summary . '
<form method="post" action="' . Escape::html($action) . '">
' . Widgets::hiddenInputs($fields) . '<button type="submit">Continue to payment</button>
</form>
<p class="hint">You are being taken to the secure payment page. If nothing happens, press <strong>Continue to payment</strong>.</p>
</section>
<script>document.forms[0].submit()</script>';
        return self::page('Redirecting to payment', $body, $options);
    }

    /**
     * example/example.css, the examples' one stylesheet, read on the first page (beside this web
     * layer; one folder up where the kit shares it with other languages).
     */
    public static function style(): string
    {
        static $style = null;
        if ($style === null) {
            foreach ([__DIR__ . '/../example.css', __DIR__ . '/../../../shared/example.css'] as $file) {
                if (is_file($file)) {
                    $style = (string) file_get_contents($file);
                    break;
                }
            }
            if ($style === null) {
                throw new \RuntimeException('Missing ' . dirname(__DIR__) . '/example.css: the examples\' stylesheet');
            }
        }
        return $style;
    }
}
