<?php

declare(strict_types=1);

use Paystra\Cipher;
use Paystra\Hash;
use Paystra\ProtocolError;

const DEMO_PAY_ID = '1000000000000001';
const DEMO_SALT = 'a1b2c3d4e5f60718';
const DEMO_KEY_SALT = 'f0e1d2c3b4a59687';

test('the published status-enquiry hash', static function (): void {
    Assert::same(
        'A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1',
        Hash::sign(['TXNTYPE' => 'STATUS', 'PAY_ID' => '1001340526093022', 'ORDER_ID' => 'SPIN020406172'], '473531b173db4371'),
    );
});

test('HASH is left out of the hash; lower-case hashes verify; junk and missing do not', static function (): void {
    $fields = ['B' => '2', 'A' => '1'];
    $signed = Hash::withHash($fields, 'salt');
    Assert::same(Hash::sign($fields, 'salt'), Hash::sign($signed, 'salt'));
    Assert::same('A=1~B=2', Hash::canonical($signed));
    Assert::true(Hash::verify($fields + ['HASH' => strtolower($signed['HASH'])], 'salt'));
    Assert::false(Hash::verify($fields + ['HASH' => 'nope'], 'salt'));
    Assert::false(Hash::verify($fields, 'salt'), 'no HASH');
    Assert::false(Hash::verify(['B' => '3'] + $signed, 'salt'), 'a changed value');
    Assert::false(Hash::verify($signed, 'other salt'), 'another salt');
    Assert::false(Hash::verify(['C' => ''] + $signed, 'salt'), 'an added empty field');
});

test('keys sort in byte order, numeric-looking keys included', static function (): void {
    Assert::same('TXNTYPE=SALE~TXN_ID=1', Hash::canonical(['TXN_ID' => '1', 'TXNTYPE' => 'SALE']));
    Assert::same('10=b~9=a~A=c', Hash::canonical(['9' => 'a', '10' => 'b', 'A' => 'c']));
});

test('ENCDATA round trip keeps every field, UTF-8 and = in values', static function (): void {
    $key = Cipher::merchantHostedKey(DEMO_KEY_SALT, DEMO_PAY_ID);
    $fields = ['PAY_ID' => DEMO_PAY_ID, 'CUST_NAME' => 'Ünïcødé नाम', 'NOTE' => 'a=b c', 'EMPTY' => '', 'AMOUNT' => '100'];
    $encdata = Cipher::encrypt($fields, DEMO_SALT, $key);
    Assert::false(str_contains($encdata, '='), 'no Base64 padding');
    $back = Cipher::decrypt($encdata, $key);
    Assert::true(Hash::verify($back, DEMO_SALT));
    unset($back['HASH']);
    ksort($back);
    ksort($fields);
    Assert::same($fields, $back);
});

test('ENCDATA: an existing HASH is replaced by the right one', static function (): void {
    $key = Cipher::merchantHostedKey(DEMO_KEY_SALT, DEMO_PAY_ID);
    $back = Cipher::decrypt(Cipher::encrypt(['A' => '1', 'HASH' => 'forged'], DEMO_SALT, $key), $key);
    Assert::same(Hash::sign(['A' => '1'], DEMO_SALT), $back['HASH']);
});

test('ENCDATA: spaces (a form post\'s +) and padding are accepted', static function (): void {
    $key = Cipher::merchantHostedKey(DEMO_KEY_SALT, DEMO_PAY_ID);
    $withPlus = null;
    for ($i = 0; $i < 500 && $withPlus === null; $i++) {
        $candidate = Cipher::encryptText("A=$i", $key);
        if (str_contains($candidate, '+') && strlen($candidate) % 4 !== 0) {
            $withPlus = [$i, $candidate];
        }
    }
    Assert::true($withPlus !== null, 'found an ENCDATA with + and missing padding');
    [$i, $encdata] = $withPlus;
    Assert::same("A=$i", Cipher::decryptText(str_replace('+', ' ', $encdata), $key), 'spaces');
    $padded = str_pad($encdata, (int) ceil(strlen($encdata) / 4) * 4, '=');
    Assert::same("A=$i", Cipher::decryptText($padded, $key), 'padded');
    Assert::same("A=$i", Cipher::decryptText("\t$padded\n", $key), 'surrounding whitespace');
});

test('ENCDATA made with another key, tampered or not Base64 is refused', static function (): void {
    $key = Cipher::merchantHostedKey('salt', DEMO_PAY_ID);
    $other = Cipher::merchantHostedKey('other', DEMO_PAY_ID);
    $encdata = Cipher::encrypt(['AMOUNT' => '100', 'ORDER_ID' => 'LP1'], 'merchant-salt', $key);
    Assert::throws(ProtocolError::class, static fn () => Cipher::decrypt($encdata, $other));
    Assert::throws(ProtocolError::class, static fn () => Cipher::decrypt('not base64 !!', $key), 'Base64');
    Assert::throws(ProtocolError::class, static fn () => Cipher::decrypt('', $key));
    Assert::throws(ProtocolError::class, static fn () => Cipher::decrypt('abc=def', $key));
    Assert::throws(ProtocolError::class, static fn () => Cipher::decrypt($encdata, 'short'), '32 ASCII');
    // Decrypts, but the HASH inside is wrong for these fields.
    Assert::false(Hash::verify(Cipher::decrypt($encdata, $key), 'wrong-salt'));
    $forged = Cipher::encryptText('AMOUNT=1~ORDER_ID=LP1~HASH=' . str_repeat('A', 64), $key);
    Assert::false(Hash::verify(Cipher::decrypt($forged, $key), 'merchant-salt'));
    // A flipped byte in the last block breaks the padding or the text.
    $bytes = base64_decode(str_pad($encdata, (int) ceil(strlen($encdata) / 4) * 4, '='));
    $bytes[strlen($bytes) - 1] = chr(ord($bytes[strlen($bytes) - 1]) ^ 0x01);
    $flipped = rtrim(base64_encode($bytes), '=');
    try {
        Assert::false(Hash::verify(Cipher::decrypt($flipped, $key), 'merchant-salt'));
    } catch (ProtocolError) {
        // Refused outright: as good.
    }
});

test('field strings parse in any order, keep = in values and empty values', static function (): void {
    Assert::same(['B' => '2', 'A' => 'x=y', 'C' => ''], Cipher::parse('B=2~A=x=y~C='));
    Assert::same([], Cipher::parse(''));
    Assert::throws(ProtocolError::class, static fn () => Cipher::parse('A=1~nokey'));
    Assert::throws(ProtocolError::class, static fn () => Cipher::parse('=1'));
});
