/**
 * Texts of the upload control (`upload`): they join i18next with it (i18n/upload.ts). The
 * 即将开放 state of closed services is the frame's (`service`, zh-CN/common.ts).
 */
export const uploadZhCN = {
  choose: '选择{{label}}',
  dropHint: '将文件拖到此处，或点击下方按钮选择',
  listLabel: '{{label}}列表',
  progress: '{{name}} 上传进度',
  remove: '移除 {{name}}',
  failed: '{{name}} 上传失败：{{message}}',
  exceed: '最多上传 {{limit}} 个文件，本次选择了 {{count}} 个',
  wrongType: '{{name}} 的文件类型不支持',
  tooLarge: '{{name}} 超过 {{size}}',
  status: { ready: '等待上传', uploading: '上传中', success: '上传成功', fail: '上传失败' },
};
export type UploadText = typeof uploadZhCN;
