/**
 * The admin kit's upload field: one file (or, with `allowUrl`, an address) for a form.
 *
 * The file goes to the resumable upload server (/api/uploads, tus) in 6 MB chunks.
 * tus-js-client is imported on first use, so it never weighs on a page that does not
 * upload. A dropped connection, a reload or a closed tab continues where it stopped:
 * the upload's address is kept in localStorage under the file's fingerprint and the
 * next attempt with the same file resumes it. Before any byte goes out, the file's
 * size and first bytes are checked against the kind (the server checks again), so the
 * artist sees the spec's message at once. Once the server has stored the file, the
 * hidden input named `name` carries its URL and `onUploaded` hears about it.
 *
 * Nothing else in the form is touched by an upload or a refusal.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CheckCircle2, FileUp, Link2, Lock, RotateCcw, X } from "lucide-react";
import type * as TusClientModule from "tus-js-client";
import type { DetailedError, PreviousUpload, Upload } from "tus-js-client";
import { Button } from "~/components/ui/button";
import { Input, fieldClasses } from "~/components/ui/input";
import { isOwnUploadPath } from "~/domain/core/file-reference";
import {
  UPLOAD_CHUNK_SIZE,
  UPLOAD_ENDPOINT,
  UPLOAD_KINDS,
  UPLOAD_RESULT_SUFFIX,
  UPLOAD_RETRY_DELAYS,
  UPLOAD_STALL_TIMEOUT_MS,
  UPLOAD_TEXT,
  checkUpload,
  isImageKind,
  parseUploadError,
  parseUploadedFile,
  sniffFile,
  type UploadKind,
  type UploadedFile,
} from "~/domain/media/uploads";
import { cn } from "~/lib/cn";
import { rememberUploadName, useUploadName } from "./upload-names";
import { toast } from "~/lib/toast";

export interface UploadFieldProps {
  /** Name of the hidden input that carries the stored file's URL in the form. */
  name: string;
  label: string;
  kind: UploadKind;
  /**
   * More kinds the field takes besides `kind` (a media item: a photo or a video). The
   * picked file's content decides which one it is checked and stored as.
   */
  alsoAccept?: readonly UploadKind[];
  /** The current URL, when editing. */
  defaultValue?: string | null;
  /** Offer "URL or file": the artist may paste an address instead of uploading. */
  allowUrl?: boolean;
  /** Called once the server has stored and checked the file. */
  onUploaded?: (file: UploadedFile) => void;
  error?: string;
  id?: string;
  /** With `allowUrl`: the source shown first (default: file for one of our uploads, else URL). */
  defaultMode?: "url" | "file";
  /** Told when an upload starts and stops, so a form can hold its Save button meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** Told about the picked file before it is sent (e.g. to fill an empty title from its name). */
  onFileSelected?: (file: File) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

type Status =
  | { phase: "idle" }
  | { phase: "checking"; fileName: string }
  | { phase: "uploading"; fileName: string; sent: number; total: number }
  | {
      phase: "failed";
      message: string;
      title?: string;
      /** Retry continues the same upload (network trouble); otherwise pick another file. */
      canRetry: boolean;
      /** A connection problem: coming back online retries by itself. */
      network?: boolean;
      fileName?: string;
      /** How far it got: shown, so the artist sees that Retry continues from there. */
      progress?: { sent: number; total: number };
    }
  | { phase: "done"; file: UploadedFile };

export interface UploadFailure {
  message: string;
  title?: string;
  canRetry: boolean;
  network?: boolean;
}

/** What to tell the artist about a failed request (status 0: no answer at all). */
export function describeUploadFailure(
  status: number,
  body: string,
  online: boolean,
): UploadFailure {
  const refusal = parseUploadError(body);
  if (status === 401 || status === 403) {
    return { message: refusal?.error ?? UPLOAD_TEXT.authRequired, canRetry: false };
  }
  // The server no longer has it (expired or cleaned up): Retry starts it afresh.
  if (status === 404 || status === 410) return { message: UPLOAD_TEXT.notFound, canRetry: true };
  if (status >= 400 && status < 500 && refusal) {
    return { message: refusal.error, title: refusal.title, canRetry: status === 429 };
  }
  if (!online || status === 0) {
    const detail = online ? UPLOAD_TEXT.interrupted : UPLOAD_TEXT.connectionLost;
    return { message: UPLOAD_TEXT.failedPrefix + detail, canRetry: true, network: true };
  }
  return {
    message: `${UPLOAD_TEXT.failedPrefix}the server answered ${status}. Press Retry to continue.`,
    canRetry: true,
  };
}

function failureOf(error: Error | DetailedError): UploadFailure {
  const response = "originalResponse" in error ? error.originalResponse : null;
  const online = typeof navigator === "undefined" || navigator.onLine !== false;
  return describeUploadFailure(response?.getStatus() ?? 0, response?.getBody() ?? "", online);
}

/** The newest of the uploads tus-js-client remembers for this file. */
function newest(previous: PreviousUpload[]): PreviousUpload | undefined {
  return [...previous].sort(
    (a, b) => new Date(b.creationTime).getTime() - new Date(a.creationTime).getTime(),
  )[0];
}

type TusClient = typeof TusClientModule;

/** Uploads this field stopped on purpose (their requests' "abort" events are expected). */
const stoppedUploads = new WeakSet<Upload>();

/** Stops an upload; with `terminate`, the server deletes what arrived and the resume address is forgotten. */
function stopUpload(upload: Upload, terminate = false) {
  stoppedUploads.add(upload);
  void upload.abort(terminate).catch(() => {});
}

/**
 * A refusal the spec titles ("Invalid file type", "File too large", "Audio processing
 * failed") is a toast as well as the message beside the field.
 */
function announceRefusal(refusal: { title?: string; message: string }) {
  if (refusal.title) toast.error(refusal.title, { description: refusal.message });
}

/** An id list for aria-describedby (not cn(): tailwind-merge could drop "text-error"). */
const ids = (...parts: (string | false | null | undefined)[]) =>
  parts.filter(Boolean).join(" ") || undefined;

const IMAGE_FILE_PATH = /\.(jpe?g|png|gif|webp|avif)(?:[?#].*)?$/i;

const isShowableUrl = (value: string) => /^(\/(?!\/)|https?:\/\/)/.test(value);

export function UploadField({
  name,
  label,
  kind,
  alsoAccept,
  defaultValue,
  allowUrl = false,
  onUploaded,
  error,
  id,
  defaultMode,
  onBusyChange,
  onFileSelected,
  hint,
  disabled,
}: UploadFieldProps) {
  const kinds: readonly UploadKind[] = alsoAccept?.length ? [kind, ...alsoAccept] : [kind];
  const accept = kinds.map((k) => UPLOAD_KINDS[k].accept).join(",");
  const image = isImageKind(kind);
  const generatedId = useId();
  const controlId = id ?? `${name}-${generatedId}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const statusId = `${controlId}-status`;

  const [value, setValue] = useState(defaultValue ?? "");
  const [mode, setMode] = useState<"url" | "file">(
    !allowUrl
      ? "file"
      : (defaultMode ?? (defaultValue && isOwnUploadPath(defaultValue) ? "file" : "url")),
  );
  const [status, setStatus] = useState<Status>({ phase: "idle" });
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<Upload | null>(null);
  const fileRef = useRef<File | null>(null);
  /** The kind the current file is checked and sent as (one of `kinds`). */
  const fileKindRef = useRef<UploadKind>(kind);
  const lastProgressAt = useRef(0);
  const statusRef = useRef(status);
  statusRef.current = status;
  const callbacks = useRef({ onUploaded, onBusyChange });
  callbacks.current = { onUploaded, onBusyChange };

  const busy = status.phase === "checking" || status.phase === "uploading";
  useEffect(() => {
    callbacks.current.onBusyChange?.(busy);
  }, [busy]);

  // A local preview (an object URL) lives until it is replaced or the field goes away.
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  // Stopped uploads stay resumable: leaving the page never deletes what arrived.
  useEffect(
    () => () => {
      if (uploadRef.current) stopUpload(uploadRef.current);
      uploadRef.current = null;
    },
    [],
  );

  function fail(failure: UploadFailure) {
    announceRefusal(failure);
    const current = statusRef.current;
    const fileName =
      current.phase === "uploading" || current.phase === "checking"
        ? current.fileName
        : fileRef.current?.name;
    const progress =
      current.phase === "uploading" && failure.canRetry
        ? { sent: current.sent, total: current.total }
        : current.phase === "failed" && failure.canRetry
          ? current.progress
          : undefined;
    setStatus({ phase: "failed", ...failure, fileName, progress });
  }

  // No progress for a long while (a connection that hangs rather than fails): stop,
  // and let the artist resume.
  useEffect(() => {
    if (status.phase !== "uploading") return;
    const timer = setInterval(() => {
      if (Date.now() - lastProgressAt.current < UPLOAD_STALL_TIMEOUT_MS) return;
      if (uploadRef.current) stopUpload(uploadRef.current);
      fail({ message: UPLOAD_TEXT.timeout, canRetry: true, network: true });
    }, 5_000);
    return () => clearInterval(timer);
  }, [status.phase]);

  // Offline: say so now (a request may otherwise hang); online again: continue.
  useEffect(() => {
    const offline = () => {
      if (statusRef.current.phase !== "uploading") return;
      if (uploadRef.current) stopUpload(uploadRef.current);
      fail({
        message: UPLOAD_TEXT.failedPrefix + UPLOAD_TEXT.connectionLost,
        canRetry: true,
        network: true,
      });
    };
    const online = () => {
      const current = statusRef.current;
      if (current.phase === "failed" && current.network) retry();
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
    // retry/fail only read refs: registering once is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function resetPicker() {
    if (inputRef.current) inputRef.current.value = "";
  }

  function succeed(file: UploadedFile) {
    uploadRef.current = null;
    setValue(file.url);
    rememberUploadName(file.url, file.originalName);
    setStatus({ phase: "done", file });
    resetPicker();
    callbacks.current.onUploaded?.(file);
  }

  /** The final answer: in the last PATCH's body, or (resumed, or lost) from /result. */
  async function complete(upload: Upload, body: string) {
    if (uploadRef.current !== upload) return;
    const stored = parseUploadedFile(body);
    if (stored) return succeed(stored);
    try {
      const response = await fetch(`${upload.url}${UPLOAD_RESULT_SUFFIX}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const text = await response.text();
      if (uploadRef.current !== upload) return;
      const file = response.ok ? parseUploadedFile(text) : null;
      if (file) return succeed(file);
      const failure = describeUploadFailure(response.status, text, navigator.onLine !== false);
      // A refused file is gone on the server: the next try is a new upload.
      if (!failure.canRetry) uploadRef.current = null;
      fail(failure);
    } catch {
      fail(describeUploadFailure(0, "", navigator.onLine !== false));
    }
  }

  function track(upload: Upload) {
    stoppedUploads.delete(upload);
    lastProgressAt.current = Date.now();
    upload.start();
  }

  async function startUpload(file: File) {
    const uploadKind = fileKindRef.current;
    setStatus({ phase: "uploading", fileName: file.name, sent: 0, total: file.size });
    lastProgressAt.current = Date.now();
    let tus: TusClient;
    try {
      tus = await import("tus-js-client");
    } catch {
      return fail({ message: UPLOAD_TEXT.failedPrefix + UPLOAD_TEXT.loadFailed, canRetry: true });
    }
    if (fileRef.current !== file) return;
    const endpoint = new URL(UPLOAD_ENDPOINT, window.location.href).href;
    const upload: Upload = new tus.Upload(file, {
      endpoint,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: UPLOAD_RETRY_DELAYS,
      storeFingerprintForResuming: true,
      // The server moves a finished file away: the same file again is a new upload.
      removeFingerprintOnSuccess: true,
      metadata: { kind: uploadKind, filename: file.name, filetype: file.type },
      // The same file sent as another kind lands elsewhere: a separate upload.
      fingerprint: async (f: File) =>
        ["upload-field", uploadKind, f.name, f.type, f.size, f.lastModified, endpoint].join("|"),
      onProgress: (sent, total) => {
        lastProgressAt.current = Date.now();
        if (uploadRef.current !== upload) return;
        setStatus({ phase: "uploading", fileName: file.name, sent, total });
      },
      onBeforeRequest: (request) => {
        // A request the browser drops (net::ERR_ABORTED) ends in an "abort" event that
        // tus-js-client does not listen to: the upload would wait forever. Say so instead.
        const xhr = request.getUnderlyingObject() as XMLHttpRequest | undefined;
        xhr?.addEventListener?.("abort", () => {
          if (stoppedUploads.has(upload) || uploadRef.current !== upload) return;
          stopUpload(upload);
          fail(describeUploadFailure(0, "", navigator.onLine !== false));
        });
      },
      onSuccess: ({ lastResponse }) => void complete(upload, lastResponse.getBody()),
      onError: (uploadError) => {
        if (uploadRef.current !== upload) return;
        const failure = failureOf(uploadError);
        if (!failure.canRetry) uploadRef.current = null;
        fail(failure);
      },
    });
    uploadRef.current = upload;
    try {
      const previous = newest(await upload.findPreviousUploads());
      if (previous) upload.resumeFromPreviousUpload(previous);
    } catch {
      // No storage (private mode): a fresh upload then.
    }
    if (uploadRef.current === upload) track(upload);
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    onFileSelected?.(file);
    const running = uploadRef.current;
    uploadRef.current = null;
    if (running) stopUpload(running);
    fileRef.current = file;
    setLocalPreview(null);
    setStatus({ phase: "checking", fileName: file.name });
    const sniffed = await sniffFile(
      async (offset, length) =>
        new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
      file.size,
    ).catch(() => null);
    if (fileRef.current !== file) return;
    // With several kinds the content picks one; a file none takes is refused in the
    // words of the kind its declared type names (a broken .mp4: the video's).
    const fileKind =
      kinds.find((k) => sniffed !== null && UPLOAD_KINDS[k].types.includes(sniffed)) ??
      kinds.find(
        (k) => file.type !== "" && UPLOAD_KINDS[k].accept.split(",").includes(file.type),
      ) ??
      kind;
    fileKindRef.current = fileKind;
    const verdict = checkUpload(fileKind, {
      size: file.size,
      sniffedType: sniffed,
      declaredType: file.type,
      name: file.name,
    });
    if (!verdict.ok) {
      announceRefusal(verdict);
      fileRef.current = null;
      resetPicker();
      setStatus({
        phase: "failed",
        message: verdict.message,
        title: verdict.title,
        canRetry: false,
        fileName: file.name,
      });
      return;
    }
    if (isImageKind(fileKind)) setLocalPreview(URL.createObjectURL(file));
    await startUpload(file);
  }

  function retry() {
    const upload = uploadRef.current;
    const file = fileRef.current;
    if (!file) return;
    if (!upload) return void startUpload(file);
    setStatus((current) =>
      current.phase === "uploading"
        ? current
        : {
            phase: "uploading",
            fileName: file.name,
            sent: current.phase === "failed" ? (current.progress?.sent ?? 0) : 0,
            total: file.size,
          },
    );
    track(upload);
  }

  function cancel() {
    const upload = uploadRef.current;
    uploadRef.current = null;
    fileRef.current = null;
    // Deletes what arrived on the server and forgets the resume address.
    if (upload) stopUpload(upload, Boolean(upload.url));
    setLocalPreview(null);
    setStatus({ phase: "idle" });
    resetPicker();
  }

  // A field of several kinds shows a stored file as a picture only when it is one.
  const storedIsImage = (url: string) =>
    url !== "" && (kinds.length > 1 ? IMAGE_FILE_PATH.test(url) : image);

  const shownError =
    status.phase === "failed" ? (status.title ? `${status.title}: ` : "") + status.message : error;
  const describedBy = ids(shownError && errorId, Boolean(hint) && !shownError && hintId);
  const progress =
    status.phase === "uploading"
      ? { sent: status.sent, total: status.total }
      : status.phase === "failed"
        ? status.progress
        : undefined;
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.floor((progress.sent / progress.total) * 100))
      : 0;
  const progressName =
    status.phase === "uploading" || status.phase === "failed" ? status.fileName : undefined;
  const preview =
    localPreview ??
    (storedIsImage(value) && isShowableUrl(value) && mode === "file" ? value : null);

  return (
    <div className="space-y-2" data-slot="upload-field" data-kind={kind} data-state={status.phase}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={controlId} className="text-sm font-medium text-foreground/90">
          {label}
        </label>
        {allowUrl && (
          <div
            role="group"
            aria-label={`${label}: source`}
            className="flex gap-1 rounded-full border border-border/70 bg-card p-1"
          >
            <Button
              size="sm"
              variant={mode === "url" ? "primary" : "ghost"}
              className="h-7 px-3 text-xs"
              aria-pressed={mode === "url"}
              disabled={disabled || busy}
              onClick={() => setMode("url")}
            >
              <Link2 aria-hidden />
              URL
            </Button>
            <Button
              size="sm"
              variant={mode === "file" ? "primary" : "ghost"}
              className="h-7 px-3 text-xs"
              aria-pressed={mode === "file"}
              disabled={disabled}
              onClick={() => setMode("file")}
            >
              <FileUp aria-hidden />
              Upload file
            </Button>
          </div>
        )}
      </div>

      {mode === "url" ? (
        <Input
          id={controlId}
          name={name}
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
        />
      ) : (
        <>
          <input type="hidden" name={name} value={value} />
          <div className="flex flex-wrap items-start gap-3">
            {preview && (
              <img
                src={preview}
                alt={`Preview of ${label}`}
                className="size-20 shrink-0 rounded-lg border border-border object-cover"
              />
            )}
            <input
              ref={inputRef}
              id={controlId}
              type="file"
              accept={accept}
              disabled={disabled || busy}
              onChange={(event) => void choose(event.target.files?.[0])}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={ids(describedBy, statusId)}
              className={cn(
                fieldClasses,
                "min-w-0 flex-1 cursor-pointer py-2 file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-primary-foreground hover:file:bg-secondary",
              )}
            />
          </div>
        </>
      )}

      {progress && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Uploading ${progressName ?? "the file"}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className="w-10 text-right text-sm tabular-nums text-muted-foreground">
            {percent}%
          </span>
          {status.phase === "uploading" && (
            <Button size="sm" variant="ghost" onClick={cancel}>
              <X aria-hidden />
              Cancel
            </Button>
          )}
        </div>
      )}

      {status.phase === "failed" && (status.canRetry || uploadRef.current) && (
        <div className="flex gap-2">
          {status.canRetry && (
            <Button size="sm" variant="outline" onClick={retry} disabled={disabled}>
              <RotateCcw aria-hidden />
              Retry
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={cancel}>
            <X aria-hidden />
            Cancel
          </Button>
        </div>
      )}

      <p id={statusId} aria-live="polite" className="text-sm text-muted-foreground">
        {status.phase === "checking" && `Checking ${status.fileName}…`}
        {status.phase === "uploading" && `Uploading ${status.fileName}…`}
        {status.phase === "done" && (
          <span className="inline-flex items-center gap-1.5 text-foreground/90">
            <CheckCircle2 aria-hidden className="size-4 text-primary" />
            Uploaded {status.file.originalName || "the file"}
          </span>
        )}
        {status.phase === "idle" && mode === "file" && value && <CurrentFile value={value} />}
      </p>

      {shownError ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The file the field holds now: a link, or for a private storage key just its name. */
function CurrentFile({ value }: { value: string }) {
  // The file's own name ("cover-photo.jpg"), not the name the server stored it under.
  const fileName = useUploadName(value);
  if (!isShowableUrl(value)) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Lock aria-hidden className="size-4" />
        Private file: {fileName}
      </span>
    );
  }
  return (
    <span>
      Current file:{" "}
      <a
        href={value}
        target="_blank"
        rel="noreferrer"
        // Underlined: a link in a sentence must not be told apart by its colour alone.
        className="break-all text-primary underline underline-offset-4 hover:decoration-2"
      >
        {fileName}
      </a>
    </span>
  );
}

/** A stored file's own name ("cover-photo.jpg"), for tables and lists; its storage name until known. */
export function UploadFileName({ url }: { url: string }) {
  return <>{useUploadName(url)}</>;
}
