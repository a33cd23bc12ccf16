import { Form, Input, Select } from '@arco-design/web-react';
import { FILE_GET_PREFIX } from '@exam/contracts';

const req = (message: string) => [{ required: true, message }];
/** Cloud URLs end with / (spec admin §9). */
const cloudUrl = [{ match: /^https?:\/\/\S+\/$/, message: 'URL应以http://或https://开头，以/结尾！' }];
const dirRule = [
  {
    match: /^(\/|[A-Za-z]:\/)([^\s]*\/)?$/,
    message: '目录格式必须以/开头,/结尾，或盘符开头，/结尾，如：/data/upload/ 或 D:/data/upload/',
  },
];

const QUALITIES = [
  ['original', '原画'],
  ['480p', '480p (854x480)'],
  ['720p', '720p (1280x720)'],
  ['1080p', '1080p (1920x1080)'],
  ['2k', '2k (2048x1152)'],
];
const ENCODES = [
  ['mp4', 'mp4'],
  ['m3u8', 'm3u8'],
  ['m3u8_encode', 'm3u8加密 (AES-128)'],
];
const opts = (list: string[][]) => list.map(([value, label]) => ({ value, label }));

/** The settings each storage provider needs (spec admin §3, §5), then the video transcoding settings. */
export function UploadFields({ provider }: { provider: string }) {
  const keyPair =
    provider === 'qcloud'
      ? ['secretId', 'secretKey', 'SecretId不能为空', 'SecretKey不能为空']
      : ['accessKeyId', 'accessKeySecret', 'AccessKeyId不能为空', 'AccessKeySecret不能为空'];
  return (
    <>
      {provider === 'local' ? (
        <>
          <Form.Item label="存储目录" field="localDir" rules={dirRule} extra="留空则保存在数据目录的 upload/ 下">
            <Input placeholder="/data/upload/" />
          </Form.Item>
          <Form.Item label="访问地址" field="url" extra={`留空则为 ${FILE_GET_PREFIX}`}>
            <Input placeholder={FILE_GET_PREFIX} />
          </Form.Item>
        </>
      ) : (
        <>
          {provider !== 'qcloud' && provider !== 'qiniu' && (
            <Form.Item
              label="存储节点"
              field="endpoint"
              rules={req('存储节点不能为空')}
              extra={provider === 'minio' ? '如：http://127.0.0.1:9000' : '如：oss-cn-hangzhou.aliyuncs.com'}
            >
              <Input />
            </Form.Item>
          )}
          <Form.Item
            label="区域"
            field="region"
            rules={provider === 'qcloud' || provider === 'qiniu' ? req('存储节点不能为空') : []}
            extra={provider === 'qcloud' ? '如：ap-guangzhou' : provider === 'qiniu' ? '如：cn-east-1' : undefined}
          >
            <Input />
          </Form.Item>
          <Form.Item label="存储空间" field="bucket" rules={req('存储空间不能为空')}>
            <Input />
          </Form.Item>
          <Form.Item label={keyPair[0]} field={keyPair[0]} rules={req(keyPair[2])}>
            <Input />
          </Form.Item>
          <Form.Item
            label={keyPair[1]}
            field={keyPair[1]}
            rules={req(keyPair[3])}
            extra="已保存的密钥以掩码显示，不修改则保持原值"
          >
            <Input />
          </Form.Item>
          {provider === 'aliyun' && (
            <Form.Item label="角色ARN" field="arn" rules={req('角色ARN必须填写')}>
              <Input />
            </Form.Item>
          )}
          <Form.Item label="访问地址" field="url" rules={cloudUrl} extra="以/结尾；留空则使用存储空间地址">
            <Input placeholder="https://cdn.example.com/" />
          </Form.Item>
        </>
      )}
      <Form.Item label="视频转码" field="encodeType">
        <Select
          options={
            provider === 'local'
              ? opts([
                  ['none', '不转码'],
                  ['ffmpeg', 'ffmpeg'],
                ])
              : opts([
                  ['none', '不转码'],
                  ['online', '在线转码'],
                ])
          }
          allowClear
        />
      </Form.Item>
      <Form.Item label="转码格式" field="videoEncode">
        <Select options={opts(ENCODES)} allowClear />
      </Form.Item>
      <Form.Item label="视频清晰度" field="videoQuality">
        <Select options={opts(QUALITIES)} allowClear />
      </Form.Item>
      {provider === 'local' && (
        <Form.Item label="ffmpeg目录" field="ffmpegHome">
          <Input placeholder="/usr/bin/" />
        </Form.Item>
      )}
    </>
  );
}
