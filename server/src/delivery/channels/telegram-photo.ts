import FormData from 'form-data';
import type { JsonCall } from './post-json';

/** The upload's JPEG bytes, or undefined when it is gone. */
export type ReadImage = (imageId: string) => Promise<Buffer | undefined>;

interface PhotoAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
}

type Call = JsonCall<PhotoAnswer>;
type Fields = Record<string, string | number | boolean>;

/** How many photos' file_ids this process keeps: a broadcast uses one, and few run at once. */
const KEPT_FILE_IDS = 64;

/**
 * Telegram refused the photo itself, not the chat or the bot: the text then goes alone. sendPhoto
 * (https://core.telegram.org/bots/api#sendphoto) takes at most 10 MB, width and height at most 10000 in total and
 * a ratio at most 20; Telegram answers 400 with the cause ("IMAGE_PROCESS_FAILED", "PHOTO_INVALID_DIMENSIONS",
 * "wrong file identifier/HTTP URL specified", "failed to get HTTP URL content") or 413 for a body too large.
 */
export function photoRefused(call: Call): boolean {
  if (!call.reached) return false;
  if (call.status === 413) return true;
  return call.status === 400 && /photo|image|file|http url|web page/i.test(call.body.description ?? '');
}

/** The file_id of the largest size Telegram made of a sent photo (result.photo lists them smallest first). */
function fileIdOf(call: Call): string | null {
  if (!call.reached || call.status !== 200 || !call.body.ok) return null;
  const sizes = (call.body.result as { photo?: { file_id?: unknown }[] } | undefined)?.photo;
  const id = Array.isArray(sizes) ? sizes.at(-1)?.file_id : undefined;
  return typeof id === 'string' && id ? id : null;
}

/**
 * A notice's photo, uploaded to Telegram once (multipart, so Telegram never has to fetch it from a server it may
 * not reach) and sent to everyone else by the file_id Telegram gave it, as the Bot API recommends ("Sending
 * files": a file_id "is already on the Telegram servers, so you don't need to reupload it").
 */
export function telegramPhotos(readImage: ReadImage | undefined) {
  const fileIds = new Map<string, string>();
  /** Uploads under way: the sends of the same photo meanwhile wait for its file_id. */
  const uploads = new Map<string, Promise<string | null>>();

  function remember(imageId: string, fileId: string): void {
    fileIds.delete(imageId);
    fileIds.set(imageId, fileId);
    if (fileIds.size > KEPT_FILE_IDS) fileIds.delete(fileIds.keys().next().value as string);
  }

  async function upload(
    imageId: string,
    fields: Fields,
    callForm: (method: string, form: FormData) => Promise<Call>,
  ): Promise<Call | null> {
    // Set before the first await: the sends of the same photo that come meanwhile wait for this one.
    let settle: (fileId: string | null) => void = () => {};
    uploads.set(imageId, new Promise((resolve) => (settle = resolve)));
    try {
      const bytes = await readImage?.(imageId);
      if (!bytes) return null;
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      form.append('photo', bytes, { filename: 'photo.jpg', contentType: 'image/jpeg' });
      const answer = await callForm('sendPhoto', form);
      const fileId = fileIdOf(answer);
      if (fileId) remember(imageId, fileId);
      settle(fileId);
      return photoRefused(answer) ? null : answer;
    } finally {
      settle(null);
      uploads.delete(imageId);
    }
  }

  return {
    /**
     * sendPhoto with these fields (chat_id, caption, ...): by file_id when the photo went before, else uploaded.
     * null when the photo cannot go (its bytes are gone, or Telegram refused it): the caller sends the text alone.
     */
    async send(
      imageId: string,
      fields: Fields,
      callJson: (method: string, params: Fields) => Promise<Call>,
      callForm: (method: string, form: FormData) => Promise<Call>,
    ): Promise<Call | null> {
      const pending = uploads.get(imageId);
      const known = fileIds.get(imageId) ?? (pending ? await pending : null);
      if (known) {
        const answer = await callJson('sendPhoto', { ...fields, photo: known });
        if (!photoRefused(answer)) return answer;
        // Telegram no longer knows that file_id: upload the photo again.
        if (fileIds.get(imageId) === known) fileIds.delete(imageId);
      }
      return upload(imageId, fields, callForm);
    },
  };
}
