<?php

declare(strict_types=1);

use Paystra\Cipher;
use Paystra\Hash;
use Paystra\Reconciliation;

// Every vector of the shared file, whatever section it is in: an entry is checked by the keys
// it carries (fields + salt: a HASH vector; key + encdata: a cipher vector; keySalt: a key).

$checked = ['hash' => 0, 'cipher' => 0, 'key' => 0];

foreach (vectors() as $section => $entries) {
    if (!is_array($entries)) {
        continue;
    }
    foreach (array_values($entries) as $index => $vector) {
        if (!is_array($vector)) {
            continue;
        }
        $name = sprintf('vector %s[%d]: %s', $section, $index, $vector['note'] ?? '');

        if (isset($vector['fields'], $vector['salt'])) {
            $checked['hash']++;
            test($name, static function () use ($vector): void {
                $fields = $vector['fields'];
                if (isset($vector['canonical'])) {
                    Assert::same($vector['canonical'], Hash::canonical($fields), 'canonical string');
                }
                if (isset($vector['hash'])) {
                    Assert::same($vector['hash'], Hash::sign($fields, $vector['salt']), 'hash');
                    Assert::true(Hash::verify($fields + ['HASH' => $vector['hash']], $vector['salt']), 'its own hash verifies');
                    Assert::same($vector['hash'], Hash::withHash($fields, $vector['salt'])['HASH'], 'withHash');
                }
                if (array_key_exists('verifies', $vector)) {
                    Assert::same($vector['verifies'], Hash::verify($fields + ['HASH' => $vector['claimedHash']], $vector['salt']), 'verifies');
                }
            });
        }

        if (isset($vector['keySalt'], $vector['payId'], $vector['merchantHostedKey'])) {
            $checked['key']++;
            test($name, static function () use ($vector): void {
                Assert::same($vector['merchantHostedKey'], Cipher::merchantHostedKey($vector['keySalt'], $vector['payId']));
            });
        }

        if (isset($vector['key'], $vector['plaintext']) && (isset($vector['encdata']) || isset($vector['encdataWithPadding']))) {
            $checked['cipher']++;
            test($name, static function () use ($vector): void {
                $key = $vector['key'];
                if (isset($vector['encdataWithPadding'])) {
                    $padded = $vector['encdataWithPadding'];
                    Assert::same($vector['plaintext'], Cipher::decryptText($padded, $key), 'padded Base64');
                    Assert::same($vector['plaintext'], Cipher::decryptText(rtrim($padded, '='), $key), 'unpadded Base64');
                    Assert::same(rtrim($padded, '='), Cipher::encryptText($vector['plaintext'], $key), 'encrypts without padding');
                }
                if (isset($vector['encdata'])) {
                    $encdata = $vector['encdata'];
                    Assert::same($vector['plaintext'], Cipher::decryptText($encdata, $key), 'decrypts');
                    Assert::same($encdata, Cipher::encryptText($vector['plaintext'], $key), 'encrypts to the same ENCDATA');
                    $fields = Cipher::decrypt($encdata, $key);
                    Assert::same(Cipher::parse($vector['plaintext']), $fields, 'fields');
                    if (isset($vector['salt'])) {
                        Assert::true(Hash::verify($fields, $vector['salt']), 'the HASH inside verifies');
                        if (($vector['roundTrip'] ?? false) === true) {
                            Assert::same($encdata, Cipher::encrypt($fields, $vector['salt'], $key), 'fields encrypt to the same ENCDATA');
                        }
                    }
                }
            });
        }
    }
}

test('the vectors file has hash, key and cipher vectors', static function () use ($checked): void {
    Assert::true($checked['hash'] >= 4, 'at least 4 hash vectors, found ' . $checked['hash']);
    Assert::true($checked['key'] >= 1, 'a key derivation vector');
    Assert::true($checked['cipher'] >= 3, 'at least 3 cipher vectors, found ' . $checked['cipher']);
});

// The "reconciliation" section: every case, the exact report.
$reconciliation = vectors()['reconciliation'] ?? ['results' => null, 'cases' => []];

test('vector reconciliation: the results are the vectors\' results', static function () use ($reconciliation): void {
    Assert::same($reconciliation['results'], Reconciliation::RESULTS);
});

test('vector reconciliation: Reconciliation.php words the precedence of the results as the vectors do', static function () use ($reconciliation): void {
    $sentence = 'RESULT, the first that applies: ' . implode(', ', $reconciliation['precedence']) . '.';
    $source = preg_replace('/[\s*]+/', ' ', (string) file_get_contents(__DIR__ . '/../src/Reconciliation.php'));
    Assert::true(str_contains($source, $sentence), "Reconciliation.php says: $sentence");
});

foreach ($reconciliation['cases'] as $index => $case) {
    test(sprintf('vector reconciliation[%d]: %s', $index, $case['name']), static function () use ($case): void {
        $report = Reconciliation::reconcile($case['orders'], $case['settlements'], $case['recon'], $case['today']);
        Assert::same($case['report'], $report, 'report');
        foreach ($report as $row) {
            Assert::same(Reconciliation::COLUMNS, array_keys($row), 'the columns, in order');
        }
    });
}

test('the vectors file has reconciliation cases of every result', static function () use ($reconciliation): void {
    $seen = [];
    foreach ($reconciliation['cases'] as $case) {
        foreach ($case['report'] as $row) {
            $seen[$row['RESULT']] = true;
        }
    }
    Assert::same(Reconciliation::RESULTS, array_values(array_intersect(Reconciliation::RESULTS, array_keys($seen))));
});
