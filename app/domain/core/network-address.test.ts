import { describe, expect, it } from "vitest";
import { isPrivateHost, isPublicAddress, parseIPv6 } from "./network-address";

describe("parseIPv6", () => {
  it.each([
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["[2001:db8::8a2e:370:7334]", [0x2001, 0xdb8, 0, 0, 0, 0x8a2e, 0x370, 0x7334]],
    ["::ffff:127.0.0.1", [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ["fe80::1%eth0", [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
  ])("reads %s", (text, groups) => expect(parseIPv6(text)).toEqual(groups));

  it.each(["", "1.2.3.4", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "g::1", "::ffff:1.2.3"])(
    "refuses %j",
    (text) => expect(parseIPv6(text)).toBeNull(),
  );
});

describe("isPublicAddress", () => {
  it.each([
    // IPv4
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    // IPv6 of its own kinds
    "::",
    "::1",
    "fd00::1",
    "fe80::1",
    "ff02::1",
    "2001:db8::1",
  ])("%s is not public", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["8.8.8.8", "93.184.215.14", "172.32.0.1", "2606:4700:4700::1111", "2a00:1450::1"])(
    "%s is public",
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it("refuses what is not an address", () => {
    expect(isPublicAddress("example.com")).toBe(false);
    expect(isPublicAddress("")).toBe(false);
  });

  // Each IPv6 form that carries an IPv4 address is judged by the address it carries.
  describe.each([
    {
      form: "IPv4-mapped ::ffff:0:0/96",
      blocked: ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "::ffff:10.0.0.1"],
      public: ["::ffff:8.8.8.8", "::ffff:808:808"],
    },
    {
      form: "IPv4-translated ::ffff:0:0:0/96",
      blocked: ["::ffff:0:7f00:1", "::ffff:0:127.0.0.1", "::ffff:0:a9fe:a9fe", "::ffff:0:c0a8:101"],
      public: ["::ffff:0:808:808"],
    },
    {
      form: "IPv4-compatible ::/96 (deprecated)",
      blocked: ["::127.0.0.1", "::a00:1", "::169.254.169.254"],
      public: ["::8.8.8.8"],
    },
    {
      form: "NAT64 64:ff9b::/96",
      blocked: ["64:ff9b::7f00:1", "64:ff9b::10.0.0.1", "64:ff9b::a9fe:a9fe"],
      public: ["64:ff9b::808:808", "64:ff9b::93.184.215.14"],
    },
    {
      form: "local-use NAT64 64:ff9b:1::/48 (inside the operator's network: never public)",
      blocked: ["64:ff9b:1::7f00:1", "64:ff9b:1::808:808", "64:ff9b:1:ffff::1"],
      public: [],
    },
    {
      form: "6to4 2002::/16",
      blocked: ["2002:7f00:1::", "2002:7f00:1::1", "2002:a9fe:a9fe::", "2002:c0a8:101:1::1"],
      public: ["2002:808:808::1"],
    },
    {
      form: "Teredo 2001::/32 (client address inverted in the last 32 bits)",
      blocked: [
        // Server 8.8.8.8, client 127.0.0.1 (stored as ~127.0.0.1 = 80ff:fffe).
        "2001:0:808:808:0:0:80ff:fffe",
        // Server 8.8.8.8, client 169.254.169.254 (~ = 5601:5601).
        "2001:0:808:808::5601:5601",
        // Server 10.0.0.1, client 8.8.8.8 (~ = f7f7:f7f7).
        "2001:0:a00:1::f7f7:f7f7",
      ],
      public: ["2001:0:808:808::f7f7:f7f7"],
    },
    {
      form: "site-local fec0::/10 (deprecated)",
      blocked: ["fec0::1", "feff::1", "fec0:0:0:ffff::1"],
      public: [],
    },
  ])("$form", ({ blocked, public: open }) => {
    it.each(blocked)("%s is not public", (address) => expect(isPublicAddress(address)).toBe(false));
    it.runIf(open.length > 0).each(open)("%s is public", (address) =>
      expect(isPublicAddress(address)).toBe(true),
    );
  });
});

describe("isPrivateHost", () => {
  it.each([
    "127.0.0.1",
    "[::1]",
    "[::ffff:7f00:1]",
    "169.254.169.254",
    "localhost",
    "LOCALHOST",
    "app.localhost",
    "printer.local",
    "metadata.google.internal",
    "router.home.arpa",
    "nas.lan",
    "intranet",
    "localhost.",
  ])("%s is private", (host) => expect(isPrivateHost(host)).toBe(true));

  it.each([
    "example.com",
    "images.example.org",
    "8.8.8.8",
    "[2606:4700::1111]",
    "localhost.example",
  ])("%s is not", (host) => expect(isPrivateHost(host)).toBe(false));
});
