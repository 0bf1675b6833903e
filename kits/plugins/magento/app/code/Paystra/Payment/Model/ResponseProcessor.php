<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Model;

use Magento\Framework\Lock\LockManagerInterface;
use Magento\Sales\Api\OrderRepositoryInterface;
use Magento\Sales\Model\Order;
use Magento\Sales\Model\Order\Email\Sender\OrderSender;
use Magento\Sales\Model\OrderFactory;
use Paystra\Plugin\Dispute;
use Paystra\Plugin\OrderLock;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\Rejected;
use Paystra\Plugin\SettledPayment;
use Psr\Log\LoggerInterface;

/**
 * Turns Paystra's answer (the posted response, the signed webhook or a status enquiry) into the
 * order's state:
 * paid → invoiced with the TXN_ID, failed → cancelled, pending → a comment. Answers that do not
 * verify, or name another order or amount, change nothing. A settlement (the settlement.processed
 * webhook) puts its UTR and date on each of its orders' payment, once (recordSettlement()). A
 * cardholder's dispute puts its order on hold with a comment of the reason and the deadline, and
 * releases it when the dispute is won (recordDispute()).
 */
class ResponseProcessor
{
    public function __construct(
        private readonly Config $config,
        private readonly OrderFactory $orderFactory,
        private readonly OrderRepositoryInterface $orderRepository,
        private readonly OrderSender $orderSender,
        private readonly LoggerInterface $logger,
        private readonly LockManagerInterface $lockManager
    ) {
    }

    /**
     * @param array<string, mixed> $posted PAY_ID and ENCDATA as Paystra posted them
     * @return array{0: Outcome, 1: Order}
     * @throws Rejected
     */
    public function process(array $posted): array
    {
        try {
            $outcome = $this->config->checkout()->response($posted);
            $order = $this->orderOf($outcome);
        } catch (Rejected $error) {
            $this->logger->error('Paystra: response rejected: ' . $error->getMessage());
            throw $error;
        }
        return [$outcome, $this->apply($order, $outcome)];
    }

    /**
     * The webhook (POST /paystra/payment/webhook): verified with the webhook secret and the salt,
     * then recorded exactly as the customer's return would be; a settlement's UTR and date go on
     * each of its orders (recordSettlement()), a dispute on its order (recordDispute()).
     *
     * @return array{0: int, 1: array<string, mixed>} HTTP status and the JSON answer
     */
    public function webhook(string $rawBody, ?string $header): array
    {
        try {
            $checkout = $this->config->checkout();
        } catch (\Paystra\PaystraException $error) {
            $this->logger->error('Paystra: webhook refused: ' . $error->getMessage());
            return [400, ['received' => false, 'reason' => 'not-configured', 'error' => $error->getMessage()]];
        }
        return $checkout->receiveWebhook(
            $rawBody,
            $header,
            function (Outcome $outcome): string {
                return (string) $this->apply($this->orderOf($outcome), $outcome)->getState();
            },
            function (string $level, string $message): void {
                $level === 'error' ? $this->logger->error($message) : $this->logger->info($message);
            },
            settle: fn (SettledPayment $payment): bool => $this->recordSettlement($payment),
            dispute: fn (Dispute $dispute): bool => $this->recordDispute($dispute)
        );
    }

    /**
     * Records a dispute event on its order, once, under the order's lock (Dispute::decide()):
     * opened, the order is put on hold (Order::hold(), which remembers the state it was in) with
     * a status history comment of the reason and the deadline to respond, not shown to the
     * customer; won, hold released (unhold(), back to that state) with a comment; lost, a comment
     * (the money went back to the customer; the order stays on hold for the merchant to refund).
     * The payment's additional information paystra_dispute_id, paystra_dispute_status and
     * paystra_dispute_respond_by show the dispute in the order view. An order Magento cannot hold
     * (complete, closed) gets the comment alone. A repeated event, or an opening delivered after
     * the decision, changes nothing.
     *
     * @return bool true when the order changed, false when it already had the event
     * @throws Rejected when the ORDER_ID names no Paystra order of this store
     * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
     */
    public function recordDispute(Dispute $dispute): bool
    {
        $order = $this->loadByIncrementId($dispute->ref);
        if (!$order->getId() || $order->getPayment() === null || $order->getPayment()->getMethod() !== Config::METHOD_CODE) {
            throw new Rejected('ORDER_ID ' . $dispute->orderId . ' names no Paystra order of this store.');
        }
        $checkout = $this->config->checkout((int) $order->getStoreId());
        return $checkout->withOrderLock($this->orderLock(), (string) $order->getIncrementId(), function () use ($order, $dispute): bool {
            $fresh = $this->loadByIncrementId((string) $order->getIncrementId());
            $fresh = $fresh->getId() ? $fresh : $order;
            $info = $fresh->getPayment();
            $decision = $dispute->decide((string) $info->getAdditionalInformation('paystra_dispute'));
            if ($decision === Dispute::NOTHING) {
                return false;
            }
            $info->setAdditionalInformation('paystra_dispute', $dispute->record());
            $info->setAdditionalInformation('paystra_dispute_id', $dispute->disputeId);
            $info->setAdditionalInformation('paystra_dispute_status', $dispute->status);
            $info->setAdditionalInformation('paystra_dispute_respond_by', $dispute->respondBy);
            if ($decision === Dispute::HOLD && $fresh->canHold()) {
                $fresh->hold();
            } elseif ($decision === Dispute::RESTORE && $fresh->canUnhold()) {
                $fresh->unhold();
            }
            $fresh->addCommentToStatusHistory($dispute->note());
            $this->orderRepository->save($fresh);
            return true;
        });
    }

    /**
     * Records a settled payment on its order, once: the payment's additional information
     * paystra_utr, paystra_settlement_date and paystra_settlement_id (shown in the order view's
     * payment block) and a status history comment with the amounts; the order's state does not
     * change. An order that already has a settlement keeps it: a repeated event, or a second
     * settlement naming the order, changes nothing.
     *
     * @return bool true when recorded now, false when the order already had a settlement
     * @throws Rejected when the ORDER_ID names no Paystra order of this store, or another amount
     * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
     */
    public function recordSettlement(SettledPayment $payment): bool
    {
        $order = $this->loadByIncrementId($payment->ref);
        if (!$order->getId() || $order->getPayment() === null || $order->getPayment()->getMethod() !== Config::METHOD_CODE) {
            throw new Rejected('ORDER_ID ' . $payment->orderId . ' names no Paystra order of this store.');
        }
        $checkout = $this->config->checkout((int) $order->getStoreId());
        $checkout->expectSettledAmount($payment, $this->total($order));
        return $checkout->withOrderLock($this->orderLock(), (string) $order->getIncrementId(), function () use ($order, $payment): bool {
            $fresh = $this->loadByIncrementId((string) $order->getIncrementId());
            $fresh = $fresh->getId() ? $fresh : $order;
            $info = $fresh->getPayment();
            if ((string) $info->getAdditionalInformation('paystra_settlement_id') !== '') {
                return false;
            }
            $info->setAdditionalInformation('paystra_settlement_id', $payment->settlementId);
            $info->setAdditionalInformation('paystra_utr', $payment->utr);
            $info->setAdditionalInformation('paystra_settlement_date', $payment->settlementDate);
            $fresh->addCommentToStatusHistory($payment->note());
            $this->orderRepository->save($fresh);
            return true;
        });
    }

    /**
     * Status enquiry for the order's last payment attempt (bin/magento paystra:payment:status).
     *
     * @throws Rejected|\Paystra\PaystraException
     */
    public function checkStatus(Order $order): Outcome
    {
        $orderId = (string) $order->getPayment()->getAdditionalInformation('paystra_order_id');
        if ($orderId === '') {
            throw new Rejected('Order ' . $order->getIncrementId() . ' was never sent to Paystra.');
        }
        $outcome = $this->config->checkout((int) $order->getStoreId())->status($orderId);
        if ($outcome->state !== Outcome::NOT_FOUND) {
            if ($this->orderOf($outcome)->getId() !== $order->getId()) {
                throw new Rejected('The status answer is for another order.');
            }
            $this->apply($order, $outcome);
        }
        return $outcome;
    }

    public function loadByIncrementId(string $incrementId): Order
    {
        return $this->orderFactory->create()->loadByIncrementId($incrementId);
    }

    /** @throws Rejected */
    private function orderOf(Outcome $outcome): Order
    {
        $order = $this->loadByIncrementId($outcome->ref);
        if (!$order->getId() || $order->getPayment() === null || $order->getPayment()->getMethod() !== Config::METHOD_CODE) {
            throw new Rejected('ORDER_ID ' . $outcome->orderId . ' names no Paystra order of this store.');
        }
        if ($order->getOrderCurrencyCode() !== 'INR') {
            throw new Rejected('Order ' . $outcome->ref . ' is not in rupees.');
        }
        $this->config->checkout((int) $order->getStoreId())->expectAmount($outcome, $this->total($order));
        return $order;
    }

    /**
     * Applies the outcome holding the order's lock (Magento's lock manager: a MySQL named lock
     * by default), with the order loaded again inside it, so that of a return and a webhook
     * arriving together the second sees the first one's invoice and adds nothing.
     *
     * @return Order the order as it is afterwards
     * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
     */
    private function apply(Order $order, Outcome $outcome): Order
    {
        return $this->config->checkout((int) $order->getStoreId())->withOrderLock($this->orderLock(), (string) $order->getIncrementId(), function () use ($order, $outcome): Order {
            $fresh = $this->loadByIncrementId((string) $order->getIncrementId());
            $fresh = $fresh->getId() ? $fresh : $order;
            $this->applyLocked($fresh, $outcome);
            return $fresh;
        });
    }

    /** The order's lock through Magento's lock manager (a MySQL named lock by default). */
    private function orderLock(): OrderLock
    {
        return new class ($this->lockManager) implements OrderLock {
            public function __construct(private readonly LockManagerInterface $locks)
            {
            }

            public function acquire(string $name, int $seconds): bool
            {
                return $this->locks->lock($name, $seconds);
            }

            public function release(string $name): void
            {
                $this->locks->unlock($name);
            }
        };
    }

    private function applyLocked(Order $order, Outcome $outcome): void
    {
        if ($this->config->isDebug((int) $order->getStoreId())) {
            $this->logger->info('Paystra: order ' . $order->getIncrementId() . ': ' . $outcome->summary());
        }
        $payment = $order->getPayment();
        // A paid order stays paid: a replayed response, a second webhook delivery or an older
        // attempt's failure changes nothing.
        if ((float) $order->getTotalPaid() > 0 || in_array($order->getState(), [Order::STATE_PROCESSING, Order::STATE_COMPLETE], true)) {
            return;
        }
        // The same answer twice (the return and the webhook of one attempt) is recorded once.
        if ($payment->getAdditionalInformation('paystra_outcome') === $outcome->orderId . ' ' . $outcome->state) {
            return;
        }
        $payment->setAdditionalInformation('paystra_outcome', $outcome->orderId . ' ' . $outcome->state);
        $payment->setAdditionalInformation('paystra_order_id', $outcome->orderId);
        $payment->setAdditionalInformation('paystra_response_code', $outcome->code);
        $payment->setAdditionalInformation('paystra_response_message', $outcome->message);

        if ($outcome->isPaid() && $order->getState() === Order::STATE_CANCELED) {
            $this->logger->error('Paystra: cancelled order ' . $order->getIncrementId() . ' was paid: ' . $outcome->summary());
            $order->addCommentToStatusHistory(__('Paystra reports a payment for this cancelled order: refund it or contact the customer. %1', $outcome->summary()));
        } elseif ($outcome->isPaid()) {
            $payment->setAdditionalInformation('paystra_txn_id', $outcome->txnId);
            $payment->setTransactionId($outcome->txnId);
            $payment->setLastTransId($outcome->txnId);
            $payment->setIsTransactionClosed(true);
            $payment->registerCaptureNotification($order->getBaseGrandTotal(), true);
            $order->addCommentToStatusHistory($outcome->summary());
        } elseif ($outcome->isPending()) {
            $order->addCommentToStatusHistory($outcome->summary());
        } elseif ($order->canCancel()) {
            $order->registerCancellation($outcome->summary());
        } else {
            $order->addCommentToStatusHistory($outcome->summary());
        }
        $this->orderRepository->save($order);

        if ($outcome->isPaid() && !$order->getEmailSent()) {
            try {
                $this->orderSender->send($order);
            } catch (\Exception $error) {
                $this->logger->error('Paystra: order email for ' . $order->getIncrementId() . ' not sent: ' . $error->getMessage());
            }
        }
    }

    private function total(Order $order): string|float|int
    {
        $total = $order->getGrandTotal();
        return is_float($total) || is_int($total) ? $total : (string) $total;
    }
}
