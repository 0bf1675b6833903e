<?php

declare(strict_types=1);

use Paystra\Plugin\Busy;
use Paystra\Plugin\Dispute;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Rejected;
use Paystra\Tests\TestCase;

/**
 * Disputes in the shop-independent layer (lib Dispute.php, HostedCheckout.php): the verified
 * dispute.* events of the shop's orders, what each one does to the order, and the webhook that
 * hands them to the shop. The same file runs in every plugin's tests.
 */
final class DisputeTest extends TestCase
{
    private const ORDER_ID = 'T-9-1763712000123';

    private static function checkout(): HostedCheckout
    {
        return HostedCheckout::fromSettings(['test_mode' => '1', 'gateway_url' => 'http://127.0.0.1:4100/sandbox'], 'T');
    }

    private static function dispute(string $type = Dispute::CREATED, array $overrides = []): Dispute
    {
        $delivery = self::disputeDelivery(self::ORDER_ID, '149950', $type, $overrides);
        $dispute = self::checkout()->notification($delivery['body'], $delivery['header'])->dispute;
        self::assertTrue($dispute instanceof Dispute, "$type carries a dispute");
        return $dispute;
    }

    public function testADisputeEventIsVerifiedLikeAnyOtherAndCarriesTheDispute(): void
    {
        $delivery = self::disputeDelivery(self::ORDER_ID, '149950');
        $notification = self::checkout()->notification($delivery['body'], $delivery['header']);
        self::assertSame(['dispute.created', null, ''], [$notification->type, $notification->outcome, $notification->ignored]);
        $dispute = $notification->dispute;
        self::assertSame(
            ['9', self::ORDER_ID, self::DISPUTE_ID, '1763712000123456', '149950', '13.1', 'Merchandise or services not received', '2026-12-07', 'OPEN', '', 'created'],
            [$dispute->ref, $dispute->orderId, $dispute->disputeId, $dispute->txnId, $dispute->inrAmount, $dispute->reasonCode, $dispute->reason, $dispute->respondBy, $dispute->status, $dispute->resolution, $dispute->stage()],
        );

        $tampered = ['body' => str_replace('2026-12-07', '2027-01-31', $delivery['body'])] + $delivery;
        $error = self::assertThrows(\Paystra\WebhookError::class, static fn () => self::checkout()->notification($tampered['body'], $tampered['header']));
        self::assertSame('signature-mismatch', $error->reason);
    }

    public function testDisputesOfOtherShopsOrMerchantsAndMalformedOnesChangeNoOrder(): void
    {
        $ignored = static function (array $delivery): string {
            $notification = self::checkout()->notification($delivery['body'], $delivery['header']);
            self::assertSame(null, $notification->dispute);
            return $notification->ignored;
        };
        self::assertContains('not issued by this shop', $ignored(self::disputeDelivery('WC-9-1763712000123', '149950')));
        self::assertContains('another merchant', $ignored(self::disputeDelivery(self::ORDER_ID, '149950', Dispute::CREATED, ['PAY_ID' => '1000000000000002'])));
        foreach ([
            'no DISPUTE_ID' => ['DISPUTE_ID' => 'dsp_123'],
            'RESPOND_BY' => ['RESPOND_BY' => '07/12/2026'],
            'INR_AMOUNT' => ['INR_AMOUNT' => '-149950'],
            'STATUS WON' => ['STATUS' => 'WON'],
        ] as $why => $change) {
            self::assertContains($why, $ignored(self::disputeDelivery(self::ORDER_ID, '149950', Dispute::CREATED, $change)));
        }
        self::assertContains('STATUS OPEN', $ignored(self::disputeDelivery(self::ORDER_ID, '149950', Dispute::WON, ['STATUS' => 'OPEN'])));
        self::assertThrows(Rejected::class, static fn () => Dispute::fromEvent('dispute.updated', self::disputeFields(self::ORDER_ID, '149950'), '9'), 'no dispute event');
    }

    public function testTheOpeningPutsTheOrderOnHoldWithTheReasonAndTheDeadline(): void
    {
        $opened = self::dispute();
        self::assertSame(Dispute::HOLD, $opened->decide(''));
        self::assertSame(
            'Paystra dispute dsp_0123456789abcdef0123 opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the Paystra dashboard. ₹1,499.50 is held from your settlements; ORDER_ID T-9-1763712000123, TXN_ID 1763712000123456.',
            $opened->note(),
        );
        self::assertSame(self::DISPUTE_ID . ' created', $opened->record());
        self::assertSame(Dispute::HOLD, $opened->decide('dsp_ffffffffffffffffffff lost'), "another dispute's record is not this one's");
    }

    public function testAWinRestoresTheOrderThatWasHeldAndALossOnlyAddsTheNote(): void
    {
        $won = self::dispute(Dispute::WON);
        self::assertSame(Dispute::RESTORE, $won->decide(self::DISPUTE_ID . ' created'));
        self::assertSame(Dispute::NOTE, $won->decide(''), 'the opening never reached the shop: the order was not held');
        self::assertSame(
            'Paystra dispute dsp_0123456789abcdef0123 won: Evidence accepted by the issuer. The ₹1,499.50 held is released in your next settlement; ORDER_ID T-9-1763712000123, TXN_ID 1763712000123456.',
            $won->note(),
        );
        $lost = self::dispute(Dispute::LOST);
        self::assertSame(Dispute::NOTE, $lost->decide(self::DISPUTE_ID . ' created'), 'the order stays on hold for the merchant');
        self::assertSame(
            'Paystra dispute dsp_0123456789abcdef0123 lost: No answer by the deadline. The ₹1,499.50 went back to the customer; ORDER_ID T-9-1763712000123, TXN_ID 1763712000123456.',
            $lost->note(),
        );
    }

    public function testARepeatedOrLateEventChangesNothing(): void
    {
        self::assertSame(Dispute::NOTHING, self::dispute()->decide(self::DISPUTE_ID . ' created'));
        self::assertSame(Dispute::NOTHING, self::dispute()->decide(self::DISPUTE_ID . ' won'), 'an opening delivered after the decision');
        self::assertSame(Dispute::NOTHING, self::dispute(Dispute::WON)->decide(self::DISPUTE_ID . ' won'));
        self::assertSame(Dispute::NOTHING, self::dispute(Dispute::LOST)->decide(self::DISPUTE_ID . ' lost'));
        self::assertSame(Dispute::NOTHING, self::dispute(Dispute::WON)->decide(self::DISPUTE_ID . ' lost'), 'a dispute is decided once');
    }

    public function testAShopKeepingTheDisputeInTheOrdersHistoryFindsItsRecordThere(): void
    {
        $opened = self::dispute();
        $won = self::dispute(Dispute::WON);
        $history = ['Paystra 000 Transaction successful, TXN_ID 1763712000123456', 'Paystra settlement setl_0123456789abcdef0123 on 2026-11-23, UTR …'];
        self::assertSame('', $opened->recordedIn($history));
        $history[] = $opened->note();
        self::assertSame(self::DISPUTE_ID . ' created', $won->recordedIn($history));
        self::assertSame(Dispute::RESTORE, $won->decide($won->recordedIn($history)));
        $history[] = $won->note();
        self::assertSame(self::DISPUTE_ID . ' won', $opened->recordedIn(array_reverse($history)), 'the furthest stage, in any order');
        self::assertSame(Dispute::NOTHING, $won->decide($won->recordedIn($history)));
        self::assertSame('', self::dispute(Dispute::CREATED, ['DISPUTE_ID' => 'dsp_ffffffffffffffffffff'])->recordedIn($history));
    }

    public function testReceiveWebhookHandsTheDisputeToTheShopOnceAndAnswers200(): void
    {
        $records = [];
        $record = static function (Dispute $dispute) use (&$records): bool {
            $decision = $dispute->decide($records[$dispute->ref] ?? '');
            if ($decision === Dispute::NOTHING) {
                return false;
            }
            $records[$dispute->ref] = $dispute->record();
            return true;
        };
        $delivery = self::disputeDelivery(self::ORDER_ID, '149950');
        $logs = [];
        $log = static function (string $level, string $message) use (&$logs): void {
            $logs[] = "$level $message";
        };
        [$status, $body] = self::checkout()->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), $log, null, null, $record);
        self::assertSame(200, $status);
        self::assertSame(['received' => true, 'event_id' => $delivery['id'], 'type' => 'dispute.created', 'order_id' => self::ORDER_ID, 'dispute_id' => self::DISPUTE_ID, 'result' => 'recorded'], $body);
        self::assertSame(['9' => self::DISPUTE_ID . ' created'], $records);
        self::assertContains('info Paystra webhook ' . $delivery['id'] . ' (dispute.created ' . self::DISPUTE_ID . ') for 9: Paystra dispute ' . self::DISPUTE_ID . ' opened: 13.1', $logs[0]);

        [$status, $body] = self::checkout()->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, null, $record);
        self::assertSame([200, 'unchanged'], [$status, $body['result']], 'a repeated event');
    }

    public function testUnknownOrdersAreIgnoredBusyOnesRetriedAndAShopWithoutAHandlerChangesNothing(): void
    {
        $delivery = self::disputeDelivery(self::ORDER_ID, '149950');
        [$status, $body] = self::checkout()->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, null, static fn (Dispute $dispute): bool => throw new Rejected('ORDER_ID T-9-1763712000123 names no order of this shop.'));
        self::assertSame([200, 'ignored', 'ORDER_ID T-9-1763712000123 names no order of this shop.'], [$status, $body['result'], $body['ignored']]);

        [$status, $body] = self::checkout()->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, null, static fn (Dispute $dispute): bool => throw new Busy('Order 9 is being updated by another request; nothing was changed.'));
        self::assertSame([503, 'busy', true], [$status, $body['result'], $body['retry']]);

        [$status, $body] = self::checkout()->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...));
        self::assertSame([200, 'This shop records no disputes.'], [$status, $body['ignored']]);
    }

    /** A payment's outcome has no place in these tests. */
    private static function noPayment(): string
    {
        throw new \LogicException('A dispute event must not reach the payment handler.');
    }
}
