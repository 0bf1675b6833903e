<?php

declare(strict_types=1);

use Magento\Checkout\Model\Session as CheckoutSession;
use Magento\Framework\App\Request\Http as HttpRequest;
use Magento\Framework\Controller\Result\Page;
use Magento\Framework\Controller\Result\Raw;
use Magento\Framework\Controller\Result\Redirect as RedirectResult;
use Magento\Framework\Controller\ResultFactory;
use Magento\Framework\DataObject;
use Magento\Framework\Escaper;
use Magento\Framework\HTTP\Client\Curl;
use Magento\Framework\View\Helper\SecureHtmlRenderer;
use Magento\Sales\Model\Order;
use Paystra\Hash;
use Paystra\Payment\Block\Info;
use Paystra\Payment\Block\Redirect as RedirectBlock;
use Paystra\Payment\Console\Command\StatusCommand;
use Paystra\Payment\Controller\Payment\Failed;
use Paystra\Payment\Controller\Payment\Redirect;
use Paystra\Payment\Controller\Payment\Response;
use Paystra\Payment\Controller\Payment\Webhook;
use Paystra\Payment\Gateway\Command\InitializeCommand;
use Paystra\Payment\Gateway\Validator\CurrencyValidator;
use Paystra\Payment\Model\Ui\ConfigProvider;
use Paystra\Plugin\Rejected;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Output\BufferedOutput;

/** The payment method's classes: request, return trip, status enquiry, checkout glue. */
final class PaymentTest extends MagentoTestCase
{
    private const RETURN_URL = 'https://shop.test/paystra/payment/response/';
    private const WEBHOOK_URL = 'https://shop.test/paystra/payment/webhook/';

    private TestMessages $messages;
    private ResultFactory $results;

    protected function setUp(): void
    {
        parent::setUp();
        $this->messages = new TestMessages();
        $this->results = new ResultFactory();
    }

    private function redirectController(?Order $lastOrder): Redirect
    {
        $session = new CheckoutSession();
        $session->lastRealOrder = $lastOrder;
        return new Redirect($session, $this->paymentRequest(), $this->results, $this->messages, $this->logger);
    }

    /** Places the order and opens the redirect page; returns the order and the form's fields. */
    private function orderSentToPaystra(mixed $total = 1499.5): array
    {
        $order = self::placedOrder($total);
        $page = $this->redirectController($order)->execute();
        self::assertTrue($page instanceof Page);
        return [$order, $page->getLayout()->getBlock('paystra.redirect')->getForm()];
    }

    private function respond(array $posted): Raw|RedirectResult
    {
        return (new Response(new HttpRequest($posted), $this->processor(), $this->results, new Escaper()))->execute();
    }

    public function testTheRedirectPageCarriesASignedRequestForTheOrder(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $fields = $form['fields'];
        self::assertSame('http://127.0.0.1:4100/sandbox/paymentrequest', $form['action']);
        self::assertSame('149950', $fields['AMOUNT'], '₹1,499.50 in paise');
        self::assertMatches('/^MG-000000123-\d{13}$/', $fields['ORDER_ID']);
        self::assertSame(self::RETURN_URL, $fields['RETURN_URL']);
        self::assertSame(self::WEBHOOK_URL, $fields['NOTIFY_URL'] ?? null, 'the webhook endpoint');
        self::assertSame(['paystra/payment/response', ['_secure' => true, '_nosid' => true]], $this->url->calls[0]);
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame('Priya Nair', $fields['CUST_NAME']);
        self::assertSame('priya.nair@example.com', $fields['CUST_EMAIL']);
        self::assertSame('9876543210', $fields['CUST_MOBILE']);
        self::assertFalse(isset($fields['CUST_ID']), 'a guest has no customer id');
        self::assertTrue(Hash::verify($fields, self::SALT));
        self::assertSame($fields['ORDER_ID'], $order->getPayment()->getAdditionalInformation('paystra_order_id'));
        self::assertSame(['000000123'], $this->repository->saved);
    }

    public function testDecimalTotalsAsMagentoStoresThemBecomePaise(): void
    {
        foreach ([['1499.5000', '149950'], ['0.0100', '1'], [250.0, '25000'], ['99.9950', '10000']] as [$total, $paise]) {
            Order::$orders = [];
            [, $form] = $this->orderSentToPaystra($total);
            self::assertSame($paise, $form['fields']['AMOUNT'], "grand total $total");
        }
    }

    public function testTheTemplatePostsTheFormToPaystraAtOnce(): void
    {
        $block = new RedirectBlock();
        $block->setData('form', ['action' => 'http://127.0.0.1:4100/sandbox/paymentrequest', 'fields' => ['AMOUNT' => '100', 'CUST_NAME' => 'A "quoted" <name>']]);
        $escaper = new Escaper();
        $secureRenderer = new SecureHtmlRenderer();
        ob_start();
        include MODULE_DIR . '/view/frontend/templates/redirect.phtml';
        $html = (string) ob_get_clean();
        self::assertContains('<form id="paystra-payment-form" method="post" action="http://127.0.0.1:4100/sandbox/paymentrequest">', $html);
        self::assertContains('<input type="hidden" name="CUST_NAME" value="A &quot;quoted&quot; &lt;name&gt;">', $html);
        self::assertContains('<script>document.getElementById("paystra-payment-form").submit();</script>', $html);
        self::assertContains('<button type="submit"', $html);
    }

    public function testNoFormForAnOrderThatIsNotAwaitingAPaystraPayment(): void
    {
        self::assertSame('checkout/cart', $this->redirectController(null)->execute()->path);
        $paid = self::placedOrder();
        $paid->setState(Order::STATE_PROCESSING);
        self::assertSame('checkout/cart', $this->redirectController($paid)->execute()->path);
        Order::$orders = [];
        self::assertSame('checkout/cart', $this->redirectController(self::placedOrder(10, '000000124', 'INR', 'checkmo'))->execute()->path);
        self::assertSame([], $this->repository->saved);
    }

    public function testAnOrderInAnotherCurrencyGoesBackToTheCart(): void
    {
        $session = new CheckoutSession();
        $session->lastRealOrder = self::placedOrder(10, '000000125', 'USD');
        $result = (new Redirect($session, $this->paymentRequest(), $this->results, $this->messages, $this->logger))->execute();
        self::assertSame('checkout/cart', $result->path);
        self::assertSame(1, $session->quoteRestored);
        self::assertContains('cannot be paid with Paystra', $this->messages->errors[0]);
        self::assertContains('rupees', $this->logger->lines[0][1]);
    }

    public function testAPaidResponseInvoicesTheOrderWithTheTxnId(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $result = $this->respond(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'));
        self::assertSame('checkout/onepage/success', $result->path);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
        self::assertSame('1763712000123456', $order->getPayment()->transactionId);
        self::assertSame('1763712000123456', $order->getPayment()->getAdditionalInformation('paystra_txn_id'));
        self::assertSame([[1499.5, true]], $order->getPayment()->captureNotifications);
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', implode("\n", $order->comments));
        self::assertSame(['000000123'], $this->orderSender->sent, 'the confirmation email goes once paid');
    }

    public function testADeclinedResponseCancelsTheOrderAndRestoresTheCart(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $result = $this->respond(self::declinedResponse($form['fields']['ORDER_ID'], '149950'));
        self::assertSame('paystra/payment/failed', $result->path);
        self::assertSame(Order::STATE_CANCELED, $order->getState());
        self::assertSame(null, $order->getPayment()->transactionId);
        self::assertContains('004 Transaction declined by the issuing bank', implode("\n", $order->comments));
        self::assertSame([], $this->orderSender->sent);

        $session = new CheckoutSession();
        $session->lastRealOrder = $order;
        $back = (new Failed($session, $this->results, $this->messages))->execute();
        self::assertSame('checkout/cart', $back->path);
        self::assertSame(1, $session->quoteRestored);
        self::assertContains('(Transaction declined by the issuing bank)', $this->messages->errors[0]);
    }

    public function testAPendingResponseLeavesTheOrderAwaitingPayment(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $result = $this->respond(self::gatewayResponse($form['fields']['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026', 'RESPONSE_MESSAGE' => 'Transaction pending']));
        self::assertSame('checkout/onepage/success', $result->path);
        self::assertSame(Order::STATE_PENDING_PAYMENT, $order->getState());
        self::assertContains('Paystra 026 Transaction pending', implode("\n", $order->comments));
    }

    public function testATamperedResponseGets400AndChangesNothing(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $orderId = $form['fields']['ORDER_ID'];
        foreach ([
            self::tamperedResponse($orderId, '149950', ['STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], ['STATUS' => 'Failed', 'RESPONSE_CODE' => '004']),
            self::tamperedResponse($orderId, '100', ['AMOUNT' => '149950']),
            self::gatewayResponse($orderId, '149950', [], 'not-the-salt-123'),
            ['PAY_ID' => '1000000000000002'] + self::gatewayResponse($orderId, '149950'),
            [],
        ] as $posted) {
            $result = $this->respond($posted);
            self::assertTrue($result instanceof Raw);
            self::assertSame(400, $result->code);
            self::assertContains('could not verify this payment response', $result->contents);
        }
        self::assertSame(Order::STATE_PENDING_PAYMENT, $order->getState());
        self::assertSame([], $order->comments);
        self::assertSame('error', $this->logger->lines[0][0]);
    }

    public function testAResponseForAnotherAmountOrOrderIsRejected(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $processor = $this->processor();
        self::assertThrows(Rejected::class, static fn () => $processor->process(self::gatewayResponse($form['fields']['ORDER_ID'], '149900')), 'paise');
        self::assertThrows(Rejected::class, static fn () => $processor->process(self::gatewayResponse('MG-000000999-1763712000123', '149950')), 'names no Paystra order');
        self::placedOrder(1499.5, '000000200', 'INR', 'checkmo');
        self::assertThrows(Rejected::class, static fn () => $processor->process(self::gatewayResponse('MG-000000200-1763712000123', '149950')), 'names no Paystra order');
        self::assertThrows(Rejected::class, static fn () => $processor->process(self::gatewayResponse('WC-000000123-1763712000123', '149950')), 'not issued by this shop');
        self::assertSame(Order::STATE_PENDING_PAYMENT, $order->getState());
    }

    public function testAPaidOrderStaysPaid(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $paid = self::gatewayResponse($form['fields']['ORDER_ID'], '149950');
        $this->respond($paid);
        $this->respond(self::declinedResponse('MG-000000123-1763712000000', '149950'));
        $this->respond($paid);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
        self::assertSame(1, count($order->getPayment()->captureNotifications), 'invoiced once');
        self::assertSame(['000000123'], $this->orderSender->sent);
    }

    public function testAPaymentForACancelledOrderIsFlaggedNotInvoiced(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $order->setState(Order::STATE_CANCELED);
        $this->respond(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(Order::STATE_CANCELED, $order->getState());
        self::assertSame([], $order->getPayment()->captureNotifications);
        self::assertContains('refund it or contact the customer', implode("\n", $order->comments));
    }

    public function testTheReturnUrlSkipsTheFormKeyCheck(): void
    {
        $controller = new Response(new HttpRequest(), $this->processor(), $this->results, new Escaper());
        self::assertSame(true, $controller->validateForCsrf(new HttpRequest()));
        self::assertSame(null, $controller->createCsrfValidationException(new HttpRequest()));
    }

    public function testTheGatewaysPostStartsNoSessionThatWouldReplaceTheCustomers(): void
    {
        $checker = new Magento\Framework\Session\SessionStartChecker();
        $starts = static fn (string $path, bool $before = true): bool => (new Paystra\Payment\Plugin\SessionStartChecker(new HttpRequest([], $path)))->afterCheck($checker, $before);
        self::assertFalse($starts('/paystra/payment/response/'));
        self::assertFalse($starts('/paystra/payment/response'));
        self::assertFalse($starts('/paystra/payment/webhook/'));
        self::assertFalse($starts('/default/paystra/payment/response/'));
        self::assertTrue($starts('/paystra/payment/redirect/'));
        self::assertTrue($starts('/checkout/onepage/success/'));
        self::assertFalse($starts('/checkout/onepage/success/', false), 'another plugin\'s "no" stands');
        $plugin = self::parseXml((string) file_get_contents(MODULE_DIR . '/etc/di.xml'))->one('type[@name=Magento\Framework\Session\SessionStartChecker]/plugin');
        self::assertSame('Paystra\Payment\Plugin\SessionStartChecker', $plugin->attributes['type']);
    }

    public function testTheStatusCommandAppliesTheGatewaysSignedAnswer(): void
    {
        [$order, $form] = $this->orderSentToPaystra(250);
        $answer = [
            'PAY_ID' => self::PAY_ID, 'ORDER_ID' => $form['fields']['ORDER_ID'], 'AMOUNT' => '25000', 'CURRENCY_CODE' => '356',
            'TXNTYPE' => 'SALE', 'TXN_ID' => '1763712000777777', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000',
            'RESPONSE_MESSAGE' => 'Transaction successful',
        ];
        Curl::$answer = static fn (string $url, string $json): array => [200, json_encode(Hash::withHash($answer, self::SALT))];
        $state = new Magento\Framework\App\State();
        $command = new StatusCommand($this->processor(), $state);
        self::assertSame('paystra:payment:status', $command->getName());
        $output = new BufferedOutput();
        self::assertSame(0, $command->run(new ArrayInput(['increment_id' => '000000123']), $output));
        self::assertSame(['adminhtml'], $state->emulated);
        self::assertContains('Order 000000123: Paystra 000 Transaction successful, TXN_ID 1763712000777777', $output->buffer);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
        $call = Curl::$calls[0];
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/transact', $call['url']);
        self::assertSame('application/json', $call['headers']['Content-Type']);
        $sent = json_decode($call['body'], true);
        self::assertSame([$form['fields']['ORDER_ID'], 'STATUS'], [$sent['ORDER_ID'], $sent['TXNTYPE']]);
        self::assertTrue(Hash::verify($sent, self::SALT));
    }

    public function testTheStatusCommandReportsProblems(): void
    {
        $command = new StatusCommand($this->processor(), new Magento\Framework\App\State());
        $output = new BufferedOutput();
        self::assertSame(1, $command->run(new ArrayInput(['increment_id' => '404']), $output));
        self::assertContains('No order 404', $output->buffer);
        self::placedOrder(10);
        self::assertSame(1, $command->run(new ArrayInput(['increment_id' => '000000123']), $output));
        self::assertContains('never sent to Paystra', $output->buffer);
        [, $form] = $this->orderSentToPaystra(10);
        self::assertSame(1, $command->run(new ArrayInput(['increment_id' => '000000123']), $output));
        self::assertContains('Cannot reach Paystra', $output->buffer);
    }

    public function testPlacingTheOrderLeavesItPendingWithoutEmail(): void
    {
        $order = self::placedOrder();
        $paymentDataObject = new class ($order->getPayment()) implements Magento\Payment\Gateway\Data\PaymentDataObjectInterface {
            public function __construct(private $payment)
            {
            }
            public function getPayment()
            {
                return $this->payment;
            }
        };
        $stateObject = new class () extends DataObject {
            public function setState($value)
            {
                return $this->setData('state', $value);
            }
            public function setStatus($value)
            {
                return $this->setData('status', $value);
            }
            public function setIsNotified($value)
            {
                return $this->setData('is_notified', $value);
            }
        };
        self::assertSame(null, (new InitializeCommand())->execute(['payment' => $paymentDataObject, 'stateObject' => $stateObject]));
        self::assertSame(['state' => 'pending_payment', 'status' => 'pending_payment', 'is_notified' => false], $stateObject->getData());
        self::assertSame(false, $order->canSendNewEmailFlag);
    }

    public function testOfferedOnlyForRupees(): void
    {
        $validator = new CurrencyValidator();
        self::assertTrue($validator->validate(['currency' => 'INR', 'storeId' => 1])->isValid());
        self::assertFalse($validator->validate(['currency' => 'USD', 'storeId' => 1])->isValid());
    }

    public function testTheCheckoutLearnsWhereToGoAfterPlacingTheOrder(): void
    {
        $config = (new ConfigProvider($this->config(), $this->url))->getConfig();
        self::assertSame(['redirectUrl' => 'https://shop.test/paystra/payment/redirect/', 'testMode' => true], $config['payment']['paystra']);
    }

    public function testLiveCredentialsAreDecryptedFromTheConfiguration(): void
    {
        $this->scopeConfig->values = [
            'payment/paystra/test_mode' => '0',
            'payment/paystra/pay_id' => '1000000000000009',
            'payment/paystra/salt' => 'enc:live-salt',
            'payment/paystra/key_salt' => 'enc:live-key-salt',
        ];
        $client = $this->config()->checkout()->client;
        self::assertSame('https://secure.paystra.example/pg', $client->config->baseUrl);
        self::assertSame('live-salt', $client->config->salt);
        self::assertSame('live-key-salt', $client->config->keySalt);
    }

    public function testTheOrderViewLabelsThePaystraFields(): void
    {
        $info = new Info();
        self::assertSame('Paystra TXN_ID', $info->label('paystra_txn_id'));
        self::assertSame('other', $info->label('other'));
    }

    // ---- the webhook (NOTIFY_URL) ----

    /** POST /paystra/payment/webhook with the delivery's raw body and signature header. */
    private function deliver(array $delivery): array
    {
        $request = new HttpRequest([], '/paystra/payment/webhook/', $delivery['body'], ['X-Paystra-Signature' => $delivery['header']]);
        $result = (new Webhook($request, $this->processor(), $this->results))->execute();
        self::assertTrue($result instanceof Raw);
        self::assertSame('application/json', $result->headers['Content-Type']);
        return [$result->code, json_decode($result->contents, true)];
    }

    public function testTheWebhookInvoicesTheOrderWhenTheCustomerNeverReturned(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $delivery = self::webhookDelivery($form['fields']['ORDER_ID'], '149950');
        [$status, $answer] = $this->deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['received' => true, 'event_id' => $delivery['id'], 'type' => 'payment.captured', 'order_id' => $form['fields']['ORDER_ID'], 'status' => Order::STATE_PROCESSING], $answer);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
        self::assertSame('1763712000123456', $order->getPayment()->transactionId);
        self::assertSame([[1499.5, true]], $order->getPayment()->captureNotifications);
        self::assertSame(['000000123'], $this->orderSender->sent);
    }

    public function testASecondDeliveryAndTheLateReturnInvoiceNothingMore(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $delivery = self::webhookDelivery($form['fields']['ORDER_ID'], '149950');
        $this->deliver($delivery);
        $comments = $order->comments;
        self::assertSame(200, $this->deliver($delivery)[0]);
        self::assertSame('checkout/onepage/success', $this->respond(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'))->path);
        self::assertSame(1, count($order->getPayment()->captureNotifications), 'invoiced once');
        self::assertSame($comments, $order->comments);
        self::assertSame(['000000123'], $this->orderSender->sent);
    }

    public function testAReturnAndAWebhookAtTheSameMomentInvoiceOnce(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $delivery = self::webhookDelivery($form['fields']['ORDER_ID'], '149950');
        $webhook = null;
        // The webhook holds the order's lock when the return asks for it: the return waits, then
        // loads the order inside the lock, finds it invoiced and adds nothing.
        self::$whileWaiting = function () use ($delivery, &$webhook): void {
            $webhook = $this->deliver($delivery);
        };
        self::assertSame('checkout/onepage/success', $this->respond(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'))->path);
        self::assertSame([200, Order::STATE_PROCESSING], [$webhook[0], $webhook[1]['status']]);
        self::assertSame(['GET_LOCK paystra_MG_000000123', 'GET_LOCK paystra_MG_000000123', 'RELEASE_LOCK paystra_MG_000000123', 'RELEASE_LOCK paystra_MG_000000123'], self::$locks);
        self::assertSame([10, 10], $this->lockManager->timeouts, "through Magento's lock manager, 10 seconds");
        self::assertSame(1, count($order->getPayment()->captureNotifications), 'one invoice');
        self::assertSame(['000000123'], $this->orderSender->sent);
    }

    public function testAWebhookForAnOrderStillLockedIsAnswered503(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        self::$lockBusy = true;
        [$status, $answer] = $this->deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(503, $status);
        self::assertSame(true, $answer['retry']);
        self::assertSame([], $order->getPayment()->captureNotifications);
    }

    public function testAFailedEventAfterTheCaptureChangesNothing(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $this->respond(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'));
        $comments = $order->comments;
        [$status, $answer] = $this->deliver(self::declinedDelivery($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(200, $status);
        self::assertSame(Order::STATE_PROCESSING, $answer['status']);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
        self::assertSame($comments, $order->comments);
    }

    public function testAFailedEventCancelsAPendingOrderOnceAndAPendingOneWaits(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $this->deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026', 'RESPONSE_MESSAGE' => 'Transaction pending']));
        self::assertSame(Order::STATE_PENDING_PAYMENT, $order->getState());
        $failed = self::declinedDelivery($form['fields']['ORDER_ID'], '149950');
        $this->deliver($failed);
        self::assertSame(Order::STATE_CANCELED, $order->getState());
        $comments = $order->comments;
        $this->respond(self::declinedResponse($form['fields']['ORDER_ID'], '149950'));
        self::assertSame($comments, $order->comments, 'the return of the same attempt adds nothing');
    }

    public function testTamperedWrongSecretAndStaleDeliveriesAreRefusedWith400(): void
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $orderId = $form['fields']['ORDER_ID'];
        foreach ([
            'signature-mismatch' => self::tamperedDelivery(self::webhookDelivery($orderId, '149950')),
            'wrong-secret' => self::webhookDelivery($orderId, '149950', [], '', null, 'wh_another_merchant'),
            'stale-timestamp' => self::webhookDelivery($orderId, '149950', [], '', null, self::WEBHOOK_SECRET, time() - 600),
        ] as $reason => $delivery) {
            self::assertSame([400, ['received' => false, 'reason' => $reason, 'error' => \Paystra\Webhook::MESSAGES[$reason]]], $this->deliver($delivery));
        }
        self::assertSame(Order::STATE_PENDING_PAYMENT, $order->getState());
        self::assertSame([], $order->comments);
        self::assertSame('error', $this->logger->lines[count($this->logger->lines) - 1][0]);
    }

    public function testTheWebhookSecretIsDecryptedFromTheConfiguration(): void
    {
        $this->scopeConfig->values['payment/paystra/webhook_secret'] = 'enc:wh_store_secret_9';
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        self::assertSame(400, $this->deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950'))[0], 'the demo secret no longer');
        self::assertSame(200, $this->deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950', [], '', null, 'wh_store_secret_9'))[0]);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
    }

    public function testAnEventForAnUnknownOrderIsAnswered200(): void
    {
        [$status, $answer] = $this->deliver(self::webhookDelivery('MG-000000999-1763712000123', '149950'));
        self::assertSame(200, $status);
        self::assertContains('names no Paystra order', $answer['ignored']);
    }

    public function testTheWebhookSkipsTheFormKeyCheck(): void
    {
        $controller = new Webhook(new HttpRequest(), $this->processor(), $this->results);
        self::assertSame(true, $controller->validateForCsrf(new HttpRequest()));
        self::assertSame(null, $controller->createCsrfValidationException(new HttpRequest()));
    }

    // ---- settlements (settlement.processed on the same endpoint) ----

    /** Order 000000123, invoiced by the webhook: what a settlement finds. */
    private function paidOrder(): array
    {
        [$order, $form] = $this->orderSentToPaystra(1499.5);
        $this->deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
        return [$order, $form['fields']['ORDER_ID']];
    }

    public function testASettlementPutsItsUtrAndDateOnTheOrdersPaymentOnce(): void
    {
        [$order, $orderId] = $this->paidOrder();
        $first = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::paymentLine('WC-123-1763712000123', '149950')]);
        $second = self::settlementAnswer([self::paymentLine($orderId, '149950')], ['SETTLEMENT_ID' => 'setl_ffffffffffffffffffff', 'UTR' => 'PYSTN26328000009']);
        Curl::$answer = self::settlementTransport([self::SETTLEMENT_ID => $first, 'setl_ffffffffffffffffffff' => $second]);
        $saved = count($this->repository->saved);
        $delivery = self::settlementDelivery($first);
        [$status, $answer] = $this->deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame([['order_id' => $orderId, 'result' => 'recorded']], $answer['orders']);
        $payment = $order->getPayment();
        self::assertSame(self::UTR, $payment->getAdditionalInformation('paystra_utr'));
        self::assertSame('2026-11-23', $payment->getAdditionalInformation('paystra_settlement_date'));
        self::assertSame(self::SETTLEMENT_ID, $payment->getAdditionalInformation('paystra_settlement_id'));
        self::assertContains('Paystra settlement ' . self::SETTLEMENT_ID . ' on 2026-11-23, UTR ' . self::UTR . ': ₹1,499.50', (string) end($order->comments));
        self::assertSame(Order::STATE_PROCESSING, $order->getState(), 'a settlement changes no state');
        self::assertSame($saved + 1, count($this->repository->saved));
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/settlement', end(Curl::$calls)['url'], "through Magento's HTTP client");
        self::assertSame('RELEASE_LOCK paystra_MG_000000123', end(self::$locks));

        $before = [$order->comments, $payment->additionalInformation, count($this->repository->saved)];
        foreach ([$delivery, self::settlementDelivery($first), self::settlementDelivery($second)] as $again) {
            [$status, $answer] = $this->deliver($again);
            self::assertSame([200, 'unchanged'], [$status, $answer['orders'][0]['result']]);
        }
        self::assertSame($before, [$order->comments, $payment->additionalInformation, count($this->repository->saved)]);
    }

    public function testTheOrderViewShowsTheSettlement(): void
    {
        $info = new Info();
        self::assertSame('Settlement UTR', $info->label('paystra_utr'));
        self::assertSame('Settlement date', $info->label('paystra_settlement_date'));
        $keys = explode(',', trim(self::parseXml((string) file_get_contents(MODULE_DIR . '/etc/config.xml'))->one('default/payment/paystra/paymentInfoKeys')->text));
        foreach (['paystra_utr', 'paystra_settlement_date', 'paystra_settlement_id'] as $key) {
            self::assertTrue(in_array($key, $keys, true), "$key in paymentInfoKeys");
        }
    }

    public function testACarriedForwardSettlementRecordsItsDateWithoutAUtr(): void
    {
        [$order, $orderId] = $this->paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::refundLine('MG-000000100-1763711000000', '900000')], ['UTR' => '', 'STATUS' => 'CARRIED_FORWARD']);
        Curl::$answer = self::settlementTransport([self::SETTLEMENT_ID => $answer]);
        self::assertSame('recorded', $this->deliver(self::settlementDelivery($answer))[1]['orders'][0]['result']);
        self::assertSame('', $order->getPayment()->getAdditionalInformation('paystra_utr'));
        self::assertSame(self::SETTLEMENT_ID, $order->getPayment()->getAdditionalInformation('paystra_settlement_id'));
        self::assertContains('carried forward', (string) end($order->comments));
    }

    public function testSettledPaymentsOfOtherOrdersAreIgnoredAndAnUnreachableGatewayRetried(): void
    {
        [$order, $orderId] = $this->paidOrder();
        new Order(124, '000000124', 500.0, 'INR', Order::STATE_PROCESSING, 'processing', 'checkmo');
        $answer = self::settlementAnswer([self::paymentLine('MG-000000999-1763712000123', '50000'), self::paymentLine('MG-000000124-1763712000123', '50000'), self::paymentLine($orderId, '100')]);
        $delivery = self::settlementDelivery($answer);
        [$status, $body] = $this->deliver($delivery);
        self::assertSame(503, $status, 'no answer from Paystra: retried');
        Curl::$answer = self::settlementTransport([self::SETTLEMENT_ID => $answer]);
        [$status, $body] = $this->deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['ignored', 'ignored', 'ignored'], array_column($body['orders'], 'result'));
        self::assertContains('names no Paystra order', $body['orders'][1]['reason']);
        self::assertContains('is for 100 paise', $body['orders'][2]['reason']);
        self::assertSame(null, $order->getPayment()->getAdditionalInformation('paystra_utr'));
    }

    // ---- disputes (dispute.created, dispute.won, dispute.lost on the same endpoint) ----

    public function testADisputePutsTheOrderOnHoldWithACommentOfTheReasonAndTheDeadline(): void
    {
        [$order, $orderId] = $this->paidOrder();
        $saved = count($this->repository->saved);
        [$status, $answer] = $this->deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame(200, $status);
        self::assertSame(['dispute.created', self::DISPUTE_ID, 'recorded'], [$answer['type'], $answer['dispute_id'], $answer['result']]);
        self::assertSame([Order::STATE_HOLDED, 'holded'], [$order->getState(), $order->getStatus()]);
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the Paystra dashboard.', (string) end($order->comments));
        $payment = $order->getPayment();
        self::assertSame([self::DISPUTE_ID, 'OPEN', '2026-12-07'], [$payment->getAdditionalInformation('paystra_dispute_id'), $payment->getAdditionalInformation('paystra_dispute_status'), $payment->getAdditionalInformation('paystra_dispute_respond_by')]);
        self::assertSame($saved + 1, count($this->repository->saved));
        self::assertSame('RELEASE_LOCK paystra_MG_000000123', end(self::$locks));

        $before = [$order->getState(), $order->comments, $payment->additionalInformation, count($this->repository->saved)];
        self::assertSame('unchanged', $this->deliver(self::disputeDelivery($orderId, '149950'))[1]['result'], 'the same event again');
        self::assertSame($before, [$order->getState(), $order->comments, $payment->additionalInformation, count($this->repository->saved)]);
    }

    public function testAWonDisputeReleasesTheHoldAndALostOneKeepsIt(): void
    {
        [$order, $orderId] = $this->paidOrder();
        $this->deliver(self::disputeDelivery($orderId, '149950'));
        [$status, $answer] = $this->deliver(self::disputeDelivery($orderId, '149950', 'dispute.won'));
        self::assertSame([200, 'recorded'], [$status, $answer['result']]);
        self::assertSame([Order::STATE_PROCESSING, 'processing'], [$order->getState(), $order->getStatus()], 'back where the hold found it');
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' won: Evidence accepted by the issuer.', (string) end($order->comments));
        self::assertSame('WON', $order->getPayment()->getAdditionalInformation('paystra_dispute_status'));
        self::assertSame('unchanged', $this->deliver(self::disputeDelivery($orderId, '149950', 'dispute.created'))[1]['result'], 'an opening delivered late');
        self::assertSame(Order::STATE_PROCESSING, $order->getState());

        [$lostOrder, $lostId] = [new Order(125, '000000125', 1499.5, 'INR', Order::STATE_PROCESSING, 'processing'), 'MG-000000125-1763712000123'];
        $lostOrder->totalPaid = 1499.5;
        $this->deliver(self::disputeDelivery($lostId, '149950'));
        self::assertSame('recorded', $this->deliver(self::disputeDelivery($lostId, '149950', 'dispute.lost'))[1]['result']);
        self::assertSame(Order::STATE_HOLDED, $lostOrder->getState(), 'on hold for the merchant to refund');
        self::assertContains('lost: No answer by the deadline. The ₹1,499.50 went back to the customer', (string) end($lostOrder->comments));
    }

    public function testAnOrderMagentoCannotHoldGetsTheCommentAlone(): void
    {
        [$order, $orderId] = $this->paidOrder();
        $order->setState(Order::STATE_COMPLETE)->setStatus('complete');
        self::assertSame('recorded', $this->deliver(self::disputeDelivery($orderId, '149950'))[1]['result']);
        self::assertSame(Order::STATE_COMPLETE, $order->getState());
        self::assertContains('opened: 13.1', (string) end($order->comments));
    }

    public function testTheOrderViewShowsTheDispute(): void
    {
        $info = new Info();
        self::assertSame('Respond to the dispute by', $info->label('paystra_dispute_respond_by'));
        $keys = explode(',', trim(self::parseXml((string) file_get_contents(MODULE_DIR . '/etc/config.xml'))->one('default/payment/paystra/paymentInfoKeys')->text));
        foreach (['paystra_dispute_id', 'paystra_dispute_status', 'paystra_dispute_respond_by'] as $key) {
            self::assertTrue(in_array($key, $keys, true), "$key in paymentInfoKeys");
        }
    }

    public function testDisputesOfOtherOrdersAreIgnoredAndALockedOrderRetried(): void
    {
        [$order, $orderId] = $this->paidOrder();
        new Order(124, '000000124', 1499.5, 'INR', Order::STATE_PROCESSING, 'processing', 'checkmo');
        [$status, $answer] = $this->deliver(self::disputeDelivery('MG-000000124-1763712000123', '149950'));
        self::assertSame([200, 'ignored'], [$status, $answer['result']]);
        self::assertContains('names no Paystra order', $answer['ignored']);
        self::$lockBusy = true;
        self::assertSame(503, $this->deliver(self::disputeDelivery($orderId, '149950'))[0]);
        self::assertSame(Order::STATE_PROCESSING, $order->getState());
    }
}
