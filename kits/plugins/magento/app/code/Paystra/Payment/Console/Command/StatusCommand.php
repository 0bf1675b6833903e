<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Console\Command;

use Magento\Framework\App\Area;
use Magento\Framework\App\State;
use Paystra\Payment\Model\ResponseProcessor;
use Paystra\PaystraException;
use Paystra\Plugin\Rejected;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * bin/magento paystra:payment:status <increment id>: a signed status enquiry for the order's last
 * payment attempt, applied like a response (for a customer who paid but never came back).
 */
class StatusCommand extends Command
{
    public function __construct(
        private readonly ResponseProcessor $processor,
        private readonly State $appState
    ) {
        parent::__construct();
    }

    protected function configure(): void
    {
        $this->setName('paystra:payment:status')
            ->setDescription('Ask Paystra for the payment status of an order and update the order')
            ->addArgument('increment_id', InputArgument::REQUIRED, 'The order number, e.g. 000000123');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $incrementId = (string) $input->getArgument('increment_id');
        return $this->appState->emulateAreaCode(Area::AREA_ADMINHTML, function () use ($incrementId, $output): int {
            $order = $this->processor->loadByIncrementId($incrementId);
            if (!$order->getId()) {
                $output->writeln("<error>No order $incrementId.</error>");
                return Command::FAILURE;
            }
            try {
                $outcome = $this->processor->checkStatus($order);
            } catch (Rejected | PaystraException $error) {
                $output->writeln('<error>' . $error->getMessage() . '</error>');
                return Command::FAILURE;
            }
            $output->writeln("Order $incrementId: " . $outcome->summary() . ' → ' . $order->getState());
            return Command::SUCCESS;
        });
    }
}
