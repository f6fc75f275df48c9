/**
 * `@lintel/testkit`: what Lintel's tests share, for store and provider authors too.
 *
 * - this entry: the contract suites of every port (`describeUnitStoreContract(name, makeStore,
 *   runner?)`, …) with the record builders they seed with, runnable under node:test (the
 *   default) or any runner whose describe/it/beforeEach/afterEach are given;
 * - `@lintel/testkit/processes`: free ports, server and redis-server child processes;
 * - `@lintel/testkit/raw-http`: HTTP/1.1 over a plain socket, answers parsed from the bytes;
 * - `@lintel/testkit/e2e`: a test fixture with fresh ids, a server package's server started on
 *   port 0 with it (`startTestServer(lintelServer)`), and a fetch wrapper;
 * - `@lintel/testkit/seam`: Seam's own fake (`@seamapi/fake-seam-connect`) on a loopback port,
 *   and a proxy in front of it that can fail or stall (`startSeamProxy`);
 * - `@lintel/testkit/smtp`: a real SMTP server (`smtp-server`) in a child process, its replies to
 *   DATA scripted (a 451 then a 250, a 550, a reply held), telling what it received.
 */
export * from "./contracts/index.js";
