/** English texts of the upload control (see upload.zh-CN.ts). */
import type { UploadText } from './upload.zh-CN.ts';

export const uploadEn: UploadText = {
  choose: 'Choose {{label}}',
  dropHint: 'Drop files here, or use the button below',
  listLabel: '{{label}} list',
  progress: '{{name}} upload progress',
  remove: 'Remove {{name}}',
  failed: '{{name}} failed to upload: {{message}}',
  exceed: 'At most {{limit}} files; {{count}} were chosen',
  wrongType: '{{name}} is not an accepted file type',
  tooLarge: '{{name}} is larger than {{size}}',
  status: { ready: 'Waiting', uploading: 'Uploading', success: 'Uploaded', fail: 'Failed' },
};
