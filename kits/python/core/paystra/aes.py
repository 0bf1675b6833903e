"""
AES in CBC mode on the standard library alone: the fallback the kit uses when the `cryptography`
package is not installed (or when PAYSTRA_AES=pure asks for it).

The block cipher is FIPS-197's, written with the usual 32-bit lookup tables (the S-box and the
MixColumns products are computed once, when the module is imported). It is correct — the
protocol's vectors, FIPS-197's known answers and `cryptography` on random inputs all agree with
it — but it is plain Python: about a hundred times slower than `cryptography` (OpenSSL), and its
table lookups are not constant-time. An ENCDATA of a few hundred bytes still takes about a
millisecond. Prefer `cryptography` wherever you can install it.
"""

from typing import List

BLOCK = 16


def _tables():
    # GF(2^8) with the AES polynomial x^8 + x^4 + x^3 + x + 1; 3 generates its multiplicative group.
    exp, log = [0] * 512, [0] * 256
    x = 1
    for i in range(255):
        exp[i], log[x] = x, i
        x ^= (x << 1) ^ (0x11B if x & 0x80 else 0)  # x * 3
    for i in range(255, 512):
        exp[i] = exp[i - 255]

    def mul(a: int, b: int) -> int:
        return exp[log[a] + log[b]] if a and b else 0

    sbox, inverse = [0] * 256, [0] * 256
    for a in range(256):
        b = exp[255 - log[a]] if a else 0  # the multiplicative inverse, 0 for 0
        # The affine transformation: b ^ rotl(b, 1..4) ^ 0x63.
        s = b
        for shift in range(1, 5):
            s ^= ((b << shift) | (b >> (8 - shift))) & 0xFF
        s ^= 0x63
        sbox[a], inverse[s] = s, a

    def rotations(first: List[int]) -> List[List[int]]:
        tables = [first]
        for _ in range(3):
            tables.append([((w >> 8) | (w << 24)) & 0xFFFFFFFF for w in tables[-1]])
        return tables

    te = rotations([(mul(s, 2) << 24) | (s << 16) | (s << 8) | mul(s, 3) for s in sbox])
    td = rotations(
        [(mul(s, 14) << 24) | (mul(s, 9) << 16) | (mul(s, 13) << 8) | mul(s, 11) for s in inverse]
    )
    rcon, r = [], 1
    for _ in range(10):
        rcon.append(r << 24)
        r = mul(r, 2)
    return sbox, inverse, te, td, rcon


_SBOX, _INV_SBOX, (_TE0, _TE1, _TE2, _TE3), (_TD0, _TD1, _TD2, _TD3), _RCON = _tables()


def _sub_word(w: int) -> int:
    return (
        (_SBOX[w >> 24] << 24)
        | (_SBOX[(w >> 16) & 0xFF] << 16)
        | (_SBOX[(w >> 8) & 0xFF] << 8)
        | _SBOX[w & 0xFF]
    )


class AES:
    """One AES key (16, 24 or 32 bytes): encrypts and decrypts 16-byte blocks."""

    def __init__(self, key: bytes):
        if len(key) not in (16, 24, 32):
            raise ValueError("an AES key is 16, 24 or 32 bytes")
        nk = len(key) // 4
        self.rounds = nk + 6
        words = [int.from_bytes(key[4 * i : 4 * i + 4], "big") for i in range(nk)]
        for i in range(nk, 4 * (self.rounds + 1)):
            w = words[i - 1]
            if i % nk == 0:
                w = _sub_word(((w << 8) | (w >> 24)) & 0xFFFFFFFF) ^ _RCON[i // nk - 1]
            elif nk > 6 and i % nk == 4:
                w = _sub_word(w)
            words.append(words[i - nk] ^ w)
        self._encrypt_keys = words
        # The equivalent inverse cipher: the round keys in reverse order, InvMixColumns applied to
        # all but the first and the last (Td0[S[x]] is InvMixColumns of one byte x).
        decrypt_keys = []
        for r in range(self.rounds, -1, -1):
            for w in words[4 * r : 4 * r + 4]:
                if 0 < r < self.rounds:
                    w = (
                        _TD0[_SBOX[w >> 24]]
                        ^ _TD1[_SBOX[(w >> 16) & 0xFF]]
                        ^ _TD2[_SBOX[(w >> 8) & 0xFF]]
                        ^ _TD3[_SBOX[w & 0xFF]]
                    )
                decrypt_keys.append(w)
        self._decrypt_keys = decrypt_keys

    def encrypt_block(self, block: bytes) -> bytes:
        return self._encrypt(int.from_bytes(block, "big")).to_bytes(BLOCK, "big")

    def decrypt_block(self, block: bytes) -> bytes:
        return self._decrypt(int.from_bytes(block, "big")).to_bytes(BLOCK, "big")

    def _encrypt(self, block: int) -> int:
        """One 16-byte block as a 128-bit big-endian integer."""
        k = self._encrypt_keys
        s0 = (block >> 96) ^ k[0]
        s1 = ((block >> 64) & 0xFFFFFFFF) ^ k[1]
        s2 = ((block >> 32) & 0xFFFFFFFF) ^ k[2]
        s3 = (block & 0xFFFFFFFF) ^ k[3]
        te0, te1, te2, te3 = _TE0, _TE1, _TE2, _TE3
        for i in range(4, 4 * self.rounds, 4):
            s0, s1, s2, s3 = (
                te0[s0 >> 24] ^ te1[(s1 >> 16) & 0xFF] ^ te2[(s2 >> 8) & 0xFF] ^ te3[s3 & 0xFF] ^ k[i],
                te0[s1 >> 24] ^ te1[(s2 >> 16) & 0xFF] ^ te2[(s3 >> 8) & 0xFF] ^ te3[s0 & 0xFF] ^ k[i + 1],
                te0[s2 >> 24] ^ te1[(s3 >> 16) & 0xFF] ^ te2[(s0 >> 8) & 0xFF] ^ te3[s1 & 0xFF] ^ k[i + 2],
                te0[s3 >> 24] ^ te1[(s0 >> 16) & 0xFF] ^ te2[(s1 >> 8) & 0xFF] ^ te3[s2 & 0xFF] ^ k[i + 3],
            )
        s, i = _SBOX, 4 * self.rounds
        return (
            ((((s[s0 >> 24] << 24) | (s[(s1 >> 16) & 0xFF] << 16) | (s[(s2 >> 8) & 0xFF] << 8) | s[s3 & 0xFF]) ^ k[i]) << 96)
            | ((((s[s1 >> 24] << 24) | (s[(s2 >> 16) & 0xFF] << 16) | (s[(s3 >> 8) & 0xFF] << 8) | s[s0 & 0xFF]) ^ k[i + 1]) << 64)
            | ((((s[s2 >> 24] << 24) | (s[(s3 >> 16) & 0xFF] << 16) | (s[(s0 >> 8) & 0xFF] << 8) | s[s1 & 0xFF]) ^ k[i + 2]) << 32)
            | (((s[s3 >> 24] << 24) | (s[(s0 >> 16) & 0xFF] << 16) | (s[(s1 >> 8) & 0xFF] << 8) | s[s2 & 0xFF]) ^ k[i + 3])
        )

    def _decrypt(self, block: int) -> int:
        """The inverse of _encrypt."""
        k = self._decrypt_keys
        s0 = (block >> 96) ^ k[0]
        s1 = ((block >> 64) & 0xFFFFFFFF) ^ k[1]
        s2 = ((block >> 32) & 0xFFFFFFFF) ^ k[2]
        s3 = (block & 0xFFFFFFFF) ^ k[3]
        td0, td1, td2, td3 = _TD0, _TD1, _TD2, _TD3
        for i in range(4, 4 * self.rounds, 4):
            s0, s1, s2, s3 = (
                td0[s0 >> 24] ^ td1[(s3 >> 16) & 0xFF] ^ td2[(s2 >> 8) & 0xFF] ^ td3[s1 & 0xFF] ^ k[i],
                td0[s1 >> 24] ^ td1[(s0 >> 16) & 0xFF] ^ td2[(s3 >> 8) & 0xFF] ^ td3[s2 & 0xFF] ^ k[i + 1],
                td0[s2 >> 24] ^ td1[(s1 >> 16) & 0xFF] ^ td2[(s0 >> 8) & 0xFF] ^ td3[s3 & 0xFF] ^ k[i + 2],
                td0[s3 >> 24] ^ td1[(s2 >> 16) & 0xFF] ^ td2[(s1 >> 8) & 0xFF] ^ td3[s0 & 0xFF] ^ k[i + 3],
            )
        s, i = _INV_SBOX, 4 * self.rounds
        return (
            ((((s[s0 >> 24] << 24) | (s[(s3 >> 16) & 0xFF] << 16) | (s[(s2 >> 8) & 0xFF] << 8) | s[s1 & 0xFF]) ^ k[i]) << 96)
            | ((((s[s1 >> 24] << 24) | (s[(s0 >> 16) & 0xFF] << 16) | (s[(s3 >> 8) & 0xFF] << 8) | s[s2 & 0xFF]) ^ k[i + 1]) << 64)
            | ((((s[s2 >> 24] << 24) | (s[(s1 >> 16) & 0xFF] << 16) | (s[(s0 >> 8) & 0xFF] << 8) | s[s3 & 0xFF]) ^ k[i + 2]) << 32)
            | (((s[s3 >> 24] << 24) | (s[(s2 >> 16) & 0xFF] << 16) | (s[(s1 >> 8) & 0xFF] << 8) | s[s0 & 0xFF]) ^ k[i + 3])
        )


def _blocks(data: bytes, iv: bytes):
    if len(iv) != BLOCK or len(data) % BLOCK:
        raise ValueError("CBC needs a 16-byte IV and whole 16-byte blocks")
    return int.from_bytes(iv, "big"), (int.from_bytes(data[i : i + BLOCK], "big") for i in range(0, len(data), BLOCK))


def cbc_encrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    """CBC over whole blocks (pad first); `iv` is 16 bytes."""
    previous, blocks = _blocks(data, iv)
    encrypt, out = AES(key)._encrypt, []
    for block in blocks:
        previous = encrypt(block ^ previous)
        out.append(previous.to_bytes(BLOCK, "big"))
    return b"".join(out)


def cbc_decrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    """The inverse of cbc_encrypt: whole blocks in, whole blocks out (unpad after)."""
    previous, blocks = _blocks(data, iv)
    decrypt, out = AES(key)._decrypt, []
    for block in blocks:
        out.append((decrypt(block) ^ previous).to_bytes(BLOCK, "big"))
        previous = block
    return b"".join(out)
