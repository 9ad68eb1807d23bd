import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "~/lib/csv";

describe("export CSV (RFC 4180, formula-guarded)", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+2", "'=1+2"],
    ["+91 98765", "'+91 98765"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    [-5, "-5"],
    [42.5, "42.5"],
    [null, ""],
    [undefined, ""],
    [true, "true"],
    [new Date("2026-11-23T10:00:00Z"), "2026-11-23T10:00:00.000Z"],
    [{ week: 1 }, '"{""week"":1}"'],
  ])("%j → %s", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("writes a header row, CRLF line ends, and a header alone for no rows", () => {
    expect(toCsv(["a", "b"], [{ a: 1, b: "x,y" }])).toBe('a,b\r\n1,"x,y"\r\n');
    expect(toCsv(["a", "b"], [])).toBe("a,b\r\n");
  });
});
