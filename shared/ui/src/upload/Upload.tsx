import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Message, Upload as ArcoUpload } from '@arco-design/web-react';
import type { RequestOptions, UploadItem } from '@arco-design/web-react/es/Upload/interface';
import { IconUpload } from '@arco-design/web-react/icon';
import { FILE_KINDS, type FileKind, kindOfExt } from '@exam/contracts';
import { confirmAction } from '../confirmAction';
import { compressImage, extOf, uploadFile } from './uploadFile';
import { useEnclosingUploadGuard } from './uploadGuard';

export interface UploadedFile {
  name: string;
  url: string;
}

export interface UploadProps {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** How many files the list may hold (spec: up to 100). */
  limit?: number;
  kinds?: FileKind[];
  /** Narrower list of extensions than the kinds allow (e.g. jpg/jpeg/png for logos). */
  exts?: string[];
  listType?: 'text' | 'picture-card';
  /** Images larger than this many KB are compressed first (spec admin §9). */
  compressOverKb?: number;
  tip?: string;
  disabled?: boolean;
}

const ALL_KINDS: FileKind[] = ['image', 'video', 'audio', 'file'];

const toItems = (files: UploadedFile[]): UploadItem[] =>
  files.map((f) => ({ uid: f.url, name: f.name, url: f.url, status: 'done' }));

/**
 * A list of uploaded files (spec admin §5, §8): at most `limit`, removal asks first, and a failed upload
 * (the server's message is shown by the client) clears the list.
 */
export function Upload(props: UploadProps) {
  const {
    value = [],
    onChange,
    limit = 1,
    kinds = ALL_KINDS,
    compressOverKb,
    tip,
    disabled,
    listType = 'text',
  } = props;
  const exts = props.exts ?? kinds.flatMap((k) => [...FILE_KINDS[k].exts]);
  const accept = exts.map((e) => `.${e}`).join(',');
  // Items still uploading live here; finished ones come back through `value`.
  const [pending, setPending] = useState<UploadItem[]>([]);
  const done = toItems(value);
  const guard = useEnclosingUploadGuard();
  // An upload ends renders later: it reports to the form as it is then (edits made meanwhile stay), not as it was.
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });

  const request = ({ file, onSuccess, onError }: RequestOptions) => {
    const ext = extOf(file.name);
    const kind = kindOfExt(ext);
    if (!kind || !exts.includes(ext)) {
      Message.error(`不支持的文件类型，仅支持：${accept}`);
      onError();
      setPending([]);
      return;
    }
    const work = (kind === 'image' && compressOverKb ? compressImage(file, compressOverKb) : Promise.resolve(file))
      .then((f) => uploadFile(f))
      .then((res) => {
        onSuccess(res);
        setPending((p) => p.filter((i) => i.originFile !== file));
        const now = latest.current;
        now.onChange?.([...now.value, { name: file.name, url: res.url }].slice(-limit));
      });
    // The enclosing form waits for it (the URL reaches the field only now) before it saves.
    guard?.track(work);
    work.catch(() => {
      onError();
      setPending([]);
      latest.current.onChange?.([]);
    });
  };

  return (
    <ArcoUpload
      multiple={limit > 1}
      // Not strict: a wrong type reaches our check, which tells the user instead of dropping it silently.
      accept={{ type: accept, strict: false }}
      listType={listType}
      disabled={disabled}
      tip={tip}
      // Arco counts the list it is given; the spec allows one more internally so a single file can be replaced.
      limit={limit === 1 ? 2 : limit}
      fileList={[...done, ...pending]}
      customRequest={request}
      onExceedLimit={() => Message.warning(`每次只能上传 ${limit} 个文件`)}
      onChange={(list, file) => {
        if (file.status === 'init' || file.status === 'uploading') setPending(list.filter((i) => i.status !== 'done'));
      }}
      onRemove={async (file) => {
        if (!(await confirmAction({ content: '确定移除文件吗？' }))) return false;
        onChange?.(value.filter((f) => f.url !== file.url));
        return true;
      }}
    >
      {listType === 'picture-card' ? undefined : (
        <Button icon={<IconUpload />} disabled={disabled}>
          点击上传
        </Button>
      )}
    </ArcoUpload>
  );
}
