// The sender's destination rule (SPEC 5.10): loopback, private, link-local, unspecified (and the
// IPv4-mapped, compatible, NAT64 and 6to4 forms of them) are refused; public addresses are not.
// A host name is judged by the addresses it resolves to: all of them, in the connection's lookup.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createWebhookSender, type HostLookup } from "./http-webhook-sender.js";
import { refusedAddressReason } from "./webhook-destinations.js";

describe("webhook destinations", () => {
  it("refuses every loopback, private, link-local, unspecified or reserved address, in any IPv6 form", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:a9fe:a9fe",
      "::127.0.0.1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "2002:c0a8:101::1",
      "::ffff:0:7f00:1", // SIIT of 127.0.0.1
      "::ffff:0:10.0.0.1",
      "64:ff9b:1::a00:1", // local-use NAT64 of 10.0.0.1
      "64:ff9b:1::808:808", // local-use NAT64: refused whatever it embeds
      "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
      "2001::1",
    ]) {
      assert.notEqual(refusedAddressReason(address), null, address);
    }
  });

  it("takes public addresses, IPv4 and IPv6 (mapped ones too)", () => {
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "172.32.0.1",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::",
      "::ffff:0:808:808", // SIIT of a public address
      "2001:4860:4860::8888", // 2001:4860::/32 is not Teredo
    ]) {
      assert.equal(refusedAddressReason(address), null, address);
    }
  });

  it("refusal: a name is refused when any of its addresses is private; literals and shapes need no lookup", async () => {
    const resolving = (addresses: string[]) =>
      createWebhookSender({
        allowPrivate: false,
        lookup: (_host, _options, callback) =>
          callback(
            null,
            addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
          ),
      });
    assert.equal(await resolving(["93.184.215.14"]).refusal("https://public.example/hook"), null);
    assert.match((await resolving(["93.184.215.14", "10.0.0.7"]).refusal("https://mixed.example/hook")) ?? "", /private/);
    assert.match((await resolving(["::1"]).refusal("https://six.example/hook")) ?? "", /private/);
    assert.match((await resolving([]).refusal("https://[::ffff:192.168.0.1]/hook")) ?? "", /private/);
    assert.equal(await createWebhookSender({ allowPrivate: true }).refusal("http://127.0.0.1/hook"), null);
  });

  const never: HostLookup = () => undefined; // a DNS that never answers
  const attempt = { headers: { "content-type": "application/json" }, body: "{}", signal: new AbortController().signal };

  it("without options the sender takes public https:// destinations only (as allowPrivate: false)", async () => {
    const sender = createWebhookSender();
    assert.match((await sender.refusal("https://127.0.0.1/hook")) ?? "", /private/);
    const plain = await sender.send({ ...attempt, url: "http://93.184.215.14/hook" });
    assert.deepEqual(plain.ok ? plain : [plain.kind, plain.error], ["refused_destination", "destination refused: http:// is not https"]);
  });

  it("refusal: a name whose DNS never answers is refused at the deadline, naming the host", async () => {
    const started = performance.now();
    const reason = await createWebhookSender({ allowPrivate: false, lookup: never, resolveTimeoutMs: 100 }).refusal(
      "https://slow.example/hook?token=x",
    );
    assert.equal(reason, "The host slow.example did not resolve in time.");
    assert.ok(performance.now() - started < 2_000);
  });

  it("send: a name whose DNS never answers fails the attempt as a DNS timeout, well within the attempt's bound", async () => {
    const started = performance.now();
    const sender = createWebhookSender({ allowPrivate: false, lookup: never, resolveTimeoutMs: 100, timeoutMs: 10_000 });
    const response = await sender.send({ ...attempt, url: "https://slow.example/hook" });
    assert.deepEqual(response, { ok: false, kind: "connection", error: "DNS lookup timed out" });
    assert.ok(performance.now() - started < 2_000);
  });

  it("refusal through c-ares (no lookup given): a name that cannot resolve is refused within the deadline", async () => {
    const started = performance.now();
    const reason = await createWebhookSender({ allowPrivate: false, resolveTimeoutMs: 500 }).refusal("https://nothing-here.invalid/hook");
    assert.match(reason ?? "", /^The host nothing-here\.invalid (does not resolve|did not resolve in time)\.$/);
    assert.ok(performance.now() - started < 2_000);
  });

  it("localhost names are refused without a query (c-ares reads no /etc/hosts)", async () => {
    const sender = createWebhookSender({ allowPrivate: false, lookup: never, resolveTimeoutMs: 5_000 });
    assert.match((await sender.refusal("https://localhost/hook")) ?? "", /private destinations: localhost is a loopback name/);
    assert.match((await sender.refusal("https://api.LOCALHOST./hook")) ?? "", /loopback name/);
    const response = await sender.send({ ...attempt, url: "https://localhost:1/hook" });
    assert.equal(response.ok ? "" : response.kind, "refused_destination");
  });

  it("send: http:// is refused at every attempt unless private destinations are allowed", async () => {
    const response = await createWebhookSender({ allowPrivate: false, lookup: never }).send({
      ...attempt,
      url: "http://plain.example/hook",
    });
    assert.deepEqual(response, { ok: false, kind: "refused_destination", error: "destination refused: http:// is not https" });
  });
});
