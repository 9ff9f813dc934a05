import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readZip } from "../testing/zip-reader.server";
import { zipFiles } from "./zip.server";

const has = (command: string) => {
  try {
    execFileSync(command, ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

describe("zip archives", () => {
  const csv = Buffer.from("\uFEFFCode,Item\nABCD-EFGH-JKLM,Lowlight Walk — live\n", "utf8");
  const pdf = Buffer.from(`%PDF-1.7\n${"x".repeat(5000)}\n%%EOF`, "latin1");

  it("holds each file whole, under its UTF-8 name", () => {
    const zip = zipFiles([
      { name: "Spring tour codes.csv", data: csv },
      { name: "Spring tour cards – A4.pdf", data: pdf },
    ]);
    const files = readZip(zip);
    expect(Object.keys(files)).toEqual(["Spring tour codes.csv", "Spring tour cards – A4.pdf"]);
    expect(files["Spring tour codes.csv"]).toEqual(csv);
    expect(files["Spring tour cards – A4.pdf"]).toEqual(pdf);
  });

  it.skipIf(!has("unzip"))("is read by Info-ZIP's unzip as well", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "zip-"));
    try {
      const file = path.join(dir, "codes.zip");
      writeFileSync(file, zipFiles([{ name: "codes.csv", data: csv }]));
      execFileSync("unzip", ["-tq", file]);
      expect(execFileSync("unzip", ["-p", file, "codes.csv"])).toEqual(csv);
      expect(readFileSync(file).length).toBeGreaterThan(22);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
