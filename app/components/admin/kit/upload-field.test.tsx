import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UPLOAD_TEXT } from "~/domain/media/uploads";
import { UploadField, describeUploadFailure, type UploadFieldProps } from "./upload-field";

const render = (props: Partial<UploadFieldProps> = {}) =>
  renderToStaticMarkup(
    <UploadField name="image_url" label="Image" kind="image" id="image-url" {...props} />,
  );

describe("UploadField (first render, as the server sends it)", () => {
  it("ties the label to a file picker that offers the kind's types, and carries the value", () => {
    const html = render({ defaultValue: "/uploads/images/abc.png" });
    expect(html).toContain('<label for="image-url"');
    expect(html).toMatch(/<input[^>]*id="image-url"[^>]*type="file"/);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/gif');
    expect(html).toContain(
      '<input type="hidden" name="image_url" value="/uploads/images/abc.png"/>',
    );
    // The current picture, and a link to it.
    expect(html).toMatch(/<img[^>]*src="\/uploads\/images\/abc.png"/);
    expect(html).toContain('href="/uploads/images/abc.png"');
    expect(html).not.toContain('role="progressbar"');
  });

  it("offers URL or file; a new entry starts with the URL, an uploaded one with the file", () => {
    const fresh = render({ allowUrl: true });
    expect(fresh).toContain('aria-pressed="true"');
    expect(fresh).toMatch(/<input[^>]*id="image-url" type="text"[^>]*name="image_url" value=""/);
    expect(fresh).not.toContain('type="file"');

    const uploaded = render({ allowUrl: true, defaultValue: "/uploads/images/abc.png" });
    expect(uploaded).toContain('type="file"');
    expect(uploaded).toContain('name="image_url" value="/uploads/images/abc.png"');

    const external = render({ allowUrl: true, defaultValue: "https://cdn.example/x.jpg" });
    expect(external).toMatch(/name="image_url"[^>]*value="https:\/\/cdn.example\/x.jpg"/);
    expect(external).not.toContain('type="file"');

    expect(render({ allowUrl: true, defaultMode: "file" })).toContain('type="file"');
  });

  it("shows the form's error beside the field and marks the control", () => {
    const html = render({ error: "Image URL is required" });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/aria-describedby="image-url-error image-url-status"/);
    expect(html).toContain('<p id="image-url-error" role="alert"');
    expect(html).toContain("Image URL is required");
  });

  it("names a private file without linking to it", () => {
    const html = render({ kind: "pdf", name: "pdf_file_url", defaultValue: "uploads/abc.pdf" });
    expect(html).toContain("Private file: abc.pdf");
    expect(html).not.toContain("href=");
    expect(html).toContain('accept="application/pdf,.pdf"');
    expect(html).not.toContain("<img");
  });

  it("keeps audio and video without a picture preview", () => {
    const html = render({ kind: "audio", defaultValue: "/uploads/audio/take.mp3" });
    expect(html).not.toContain("<img");
    expect(html).toContain('accept="audio/mpeg');
  });
});

describe("describeUploadFailure", () => {
  it("shows a refusal's own words and title, with nothing to retry", () => {
    expect(
      describeUploadFailure(
        415,
        '{"error":"Please select a valid image file (JPEG, PNG, GIF, or WebP)","title":"Invalid file type"}',
        true,
      ),
    ).toEqual({
      message: "Please select a valid image file (JPEG, PNG, GIF, or WebP)",
      title: "Invalid file type",
      canRetry: false,
    });
  });

  it("asks to sign in again for 401 and 403", () => {
    expect(describeUploadFailure(401, "", true)).toEqual({
      message: UPLOAD_TEXT.authRequired,
      canRetry: false,
    });
  });

  it("offers Retry for a lost connection, offline or not, and for server errors", () => {
    expect(describeUploadFailure(0, "", false)).toMatchObject({
      message: `Upload failed: ${UPLOAD_TEXT.connectionLost}`,
      canRetry: true,
      network: true,
    });
    expect(describeUploadFailure(0, "", true)).toMatchObject({
      message: `Upload failed: ${UPLOAD_TEXT.interrupted}`,
      canRetry: true,
    });
    expect(describeUploadFailure(502, "Bad gateway", true)).toMatchObject({
      message: expect.stringMatching(/^Upload failed: the server answered 502/),
      canRetry: true,
    });
    expect(describeUploadFailure(410, "", true)).toMatchObject({ canRetry: true });
    expect(describeUploadFailure(429, '{"error":"Too many"}', true)).toMatchObject({
      message: "Too many",
      canRetry: true,
    });
  });
});
