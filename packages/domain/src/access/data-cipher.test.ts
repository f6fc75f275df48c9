import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { createDataCipher, DataKeyError, parseDataKeys, randomDataKey } from "./data-cipher.js";

describe("data cipher", () => {
  it("property: open(seal(text)) is the text, and the sealed text never shows it", () => {
    const cipher = createDataCipher([randomDataKey()]);
    fc.assert(
      fc.property(fc.string({ minLength: 6 }), (text) => {
        const sealed = cipher.seal(text);
        return cipher.open(sealed) === text && !sealed.includes(text) && cipher.isSealed(sealed);
      }),
    );
  });

  it("property: every changed character of a sealed text is refused", () => {
    const cipher = createDataCipher([randomDataKey()]);
    const sealed = cipher.seal("whsec_c2VjcmV0");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    fc.assert(
      fc.property(fc.integer({ min: "enc1.".length, max: sealed.length - 1 }), (at) => {
        const index = alphabet.indexOf(sealed[at] ?? ".");
        if (index < 0) return true; // a separator
        // Flip the high bit of the 6: the low bits of a segment's last character may be padding.
        const flipped = sealed.slice(0, at) + alphabet[index ^ 32] + sealed.slice(at + 1);
        assert.throws(() => cipher.open(flipped), DataKeyError);
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it("rotation: the first key seals, every key opens; a ring without the key refuses; plain text opens as itself", () => {
    const [old, next] = [randomDataKey(), randomDataKey()];
    const before = createDataCipher([old]).seal("whsec_old");
    const rotated = createDataCipher([next, old]);
    assert.equal(rotated.open(before), "whsec_old");
    assert.equal(rotated.sealedUnderFirst(before), false);
    assert.equal(rotated.sealedUnderFirst(rotated.seal("x")), true);
    assert.throws(() => createDataCipher([next]).open(before), /does not have/);
    assert.equal(rotated.open("whsec_plain"), "whsec_plain");
    assert.equal(rotated.isSealed("whsec_plain"), false);
  });

  it("property: a PIN's tag is stable under its key, differs by key and by PIN, shows no PIN, and a ring checks every key's", () => {
    const [old, next] = [randomDataKey(), randomDataKey()];
    const before = createDataCipher([old]);
    const rotated = createDataCipher([next, old]);
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{4,8}$/), fc.stringMatching(/^[0-9]{4,8}$/), (pin, other) => {
        const tag = before.pinTag(pin);
        assert.match(tag, /^[A-Za-z0-9_-]{22}$/);
        assert.equal(createDataCipher([old]).pinTag(pin), tag);
        assert.ok(!tag.includes(pin));
        assert.notEqual(rotated.pinTag(pin), tag);
        assert.deepEqual(rotated.pinTags(pin), [rotated.pinTag(pin), tag]);
        if (other !== pin) assert.notEqual(before.pinTag(other), tag);
        return true;
      }),
    );
  });

  it("DATA_KEYS: hex or base64, 32 bytes each; a bad one is named by position, never echoed", () => {
    const hex = "ab".repeat(32);
    const b64 = Buffer.alloc(32, 7).toString("base64");
    const parsed = parseDataKeys(` ${hex}, ${b64} `);
    assert.ok(parsed.ok);
    assert.equal(parsed.keys.length, 2);
    const bad = parseDataKeys(`${hex},tooshort`);
    assert.deepEqual(bad.ok ? null : bad.reason.startsWith("key 2 "), true);
    assert.ok(!(bad.ok ? "" : bad.reason).includes("tooshort"));
    assert.equal(parseDataKeys("").ok, false);
    assert.throws(() => createDataCipher([new Uint8Array(16)]), DataKeyError);
  });
});
