import { useState } from 'react';
import { Button, Message, Modal } from '@arco-design/web-react';
import { IconImport } from '@arco-design/web-react/icon';
import { ApiError, upload } from '@exam/api';
import { extOf } from './uploadFile';

export interface ImportUploadProps {
  /** The import call, e.g. `UserCalls.import.url`: multipart `file` plus `extra` fields. */
  url: string;
  extra?: Record<string, string>;
  label?: string;
  /** Runs after a successful import (reload the list). */
  onDone?: () => void;
}

/**
 * Imports one .xlsx file (spec admin §5, §8): success says 数据导入成功, a refusal opens a dialog with
 * the server's message (it may list the failing rows, too long for a toast).
 */
export function ImportUpload({ url, extra, label = '导入', onDone }: ImportUploadProps) {
  const [busy, setBusy] = useState(false);

  const pick = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.xlsx';
    input.onchange = () => void send(input.files?.[0]);
    input.click();
  };

  const send = async (file: File | undefined) => {
    if (!file) return;
    if (extOf(file.name) !== 'xlsx') {
      Message.warning('只能上传.xlsx格式的文件！');
      return;
    }
    setBusy(true);
    try {
      await upload(url, file, extra, { silent: true });
      Message.success('数据导入成功');
      onDone?.();
    } catch (e) {
      Modal.error({ title: '导入失败', content: e instanceof ApiError ? e.msg : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<IconImport />} loading={busy} onClick={pick}>
      {label}
    </Button>
  );
}
