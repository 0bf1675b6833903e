<?php

declare(strict_types=1);

use Paystra\Cipher;
use Paystra\Plugin\HostedCheckout;
use Paystra\Tests\TestCase;

/**
 * The plugins' order rule is the kits' one: the `orders` table of the shared vectors
 * (tests/vectors.json) run through the outcomes the shop acts on.
 */
final class OrderRuleTest extends TestCase
{
    /** @return array{statuses: list<string>, status_of: list<array>, transitions: list<array>} */
    private static function orders(): array
    {
        $file = __DIR__ . '/vectors.json';
        $text = is_file($file) ? file_get_contents($file) : false;
        if ($text === false) {
            throw new \RuntimeException("No vectors file at $file (the plugin's archive ships it there)");
        }
        return json_decode($text, true, 512, JSON_THROW_ON_ERROR)['orders'];
    }

    /** A verified response carrying exactly these status fields (no STATUS or RESPONSE_CODE otherwise). */
    private static function responseWith(string $orderId, array $statusFields): array
    {
        $fields = ['PAY_ID' => self::PAY_ID, 'ORDER_ID' => $orderId, 'AMOUNT' => '5000', 'CURRENCY_CODE' => '356', 'TXNTYPE' => 'SALE'] + $statusFields;
        return ['PAY_ID' => self::PAY_ID, 'ENCDATA' => Cipher::encrypt($fields, self::SALT, Cipher::merchantHostedKey(self::KEY_SALT, self::PAY_ID))];
    }

    public function testEachAnswerAsksForTheVectorsStatus(): void
    {
        $checkout = HostedCheckout::fromSettings(['test_mode' => '1', 'gateway_url' => 'http://127.0.0.1:4100/sandbox/'], 'T');
        $cases = self::orders()['status_of'];
        self::assertTrue(count($cases) >= 4, 'the vectors have status_of cases');
        foreach ($cases as $index => $case) {
            $outcome = $checkout->response(self::responseWith('T-9-176371200012' . $index, $case['fields']));
            self::assertSame($case['status'], $outcome->state, 'status_of[' . $index . '] ' . json_encode($case['fields']));
        }
    }

    public function testAnAttemptMovesOnlyForwardAsTheVectorsTransitionsSay(): void
    {
        $checkout = HostedCheckout::fromSettings(['test_mode' => '1', 'gateway_url' => 'http://127.0.0.1:4100/sandbox/'], 'T');
        $answerFor = ['paid' => ['RESPONSE_CODE' => '000', 'STATUS' => 'Captured'], 'pending' => ['RESPONSE_CODE' => '006', 'STATUS' => 'Pending'], 'failed' => ['RESPONSE_CODE' => '004', 'STATUS' => 'Failed']];
        $checked = 0;
        foreach (self::orders()['transitions'] as $case) {
            if (!isset($answerFor[$case['to']])) {
                continue; // no gateway answer asks for "created": the shop sets it when it sends the customer
            }
            $outcome = $checkout->response(self::responseWith('T-9-1763712000123', $answerFor[$case['to']]));
            self::assertSame($case['moves'], $outcome->movesFrom($case['from']), "{$case['from']} -> {$case['to']}");
            $checked++;
        }
        self::assertSame(count(self::orders()['statuses']) * 3, $checked, 'every pair into paid, pending and failed');
    }
}
