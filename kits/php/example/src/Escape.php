<?php

declare(strict_types=1);

namespace Paystra\Example;

/**
 * Escaping for the example pages: every value that reaches a page goes through Escape::html(),
 * so a customer's name or a gateway message can never inject markup.
 */
final class Escape
{
    /** Text for element content and quoted attribute values. */
    public static function html(mixed $value): string
    {
        return htmlspecialchars((string) $value, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
    }

    /**
     * Attributes of name => value, each escaped: ` name="value"`, just ` name` for true, nothing
     * for false or null.
     */
    public static function attributes(array $attributes): string
    {
        $html = '';
        foreach ($attributes as $name => $value) {
            if ($value === false || $value === null) {
                continue;
            }
            $html .= ' ' . self::html($name) . ($value === true ? '' : '="' . self::html($value) . '"');
        }
        return $html;
    }
}
