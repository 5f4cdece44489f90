import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, type Worker } from "tesseract.js";
import { ExtractError } from "./types.ts";

/**
 * One tesseract.js worker per thread, created on first use and reused. Fully offline: the English
 * model is read from the `@tesseract.js-data/eng` package (its `4.0.0_best_int` folder); with the
 * default options tesseract.js would try to download it and crash the process.
 */
let workerPromise: Promise<Worker> | undefined;

export function englishLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
}

function getWorker(): Promise<Worker> {
  workerPromise ??= createWorker("eng", OEM.LSTM_ONLY, {
    langPath: englishLangPath(),
    gzip: true,
    cacheMethod: "none",
    logger: () => {},
    errorHandler: () => {},
  }).catch((err: unknown) => {
    workerPromise = undefined;
    throw new ExtractError(`OCR engine failed to start: ${String(err)}`, "resource_limit");
  });
  return workerPromise;
}

/** Recognises the text of one image (PNG, JPEG, BMP, or anything tesseract's leptonica reads). */
export async function recognizeImage(image: Uint8Array): Promise<{ text: string; confidence: number }> {
  const worker = await getWorker();
  try {
    const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    return { text: data.text.trim(), confidence: data.confidence };
  } catch (err) {
    throw new ExtractError(`The image could not be read: ${String(err)}`, "corrupt");
  }
}

/** Ends the OCR worker (tests and shutdown; a terminated extraction thread ends it too). */
export async function stopOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = undefined;
  if (pending) await (await pending.catch(() => undefined))?.terminate();
}
