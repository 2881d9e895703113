import type { UploadedFile } from '../../shared/contracts/documentation';

/** the element of a question: its input, or the fieldset of a choice or files question */
export const questionElementId = (key: string, idPrefix = '') => `${idPrefix}q-${key}`;

/** the address of an uploaded file for <img src> and links: the contract's `url` is relative to /api unless it starts with / */
export const fileHref = (file: Pick<UploadedFile, 'url'>) => (file.url.startsWith('/') ? file.url : `/api/${file.url}`);
