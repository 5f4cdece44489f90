import { isSupportedFile, uploadFile } from "@/features/upload";

/**
 * An attached file becomes a memory through the capture feature's upload flow and answers its id,
 * which joins the chat's context.
 */
export async function attachFile(file: File, signal?: AbortSignal): Promise<string> {
  if (!isSupportedFile(file.name)) throw new Error(`${file.name} is not a supported file type.`);
  const { fileId, stored } = await uploadFile(file, { signal });
  if (!stored) throw new Error(`${file.name} could not be uploaded.`);
  return fileId;
}
