import { Button, ColorPicker, Form, Input, InputNumber, Radio, Select, Space, Tag } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { CERT_ELEMENT_TYPES, CERT_LIMITS, type CertElement, type CertElementType } from '@exam/contracts';
import { ImageUpload } from '@exam/ui';
import { DEFAULT_FONT_SIZE, ELEMENT_TITLES, isBoxed, sampleText } from './elements';

const TYPE_OPTIONS = CERT_ELEMENT_TYPES.map((t) => ({ value: t, label: ELEMENT_TITLES[t] }));
const ALIGNS = [
  { value: 'left', label: '左' },
  { value: 'center', label: '中' },
  { value: 'right', label: '右' },
];
const titleOf = (el: CertElement) => ELEMENT_TITLES[el.type as CertElementType] ?? el.type;
/** What the list says of an element: its text, or for a picture what it is. */
const summaryOf = (el: CertElement) =>
  el.type === 'qrcode'
    ? '扫码打开证书验证页'
    : el.type === 'seal'
      ? el.image
        ? '已上传'
        : '未上传图片'
      : sampleText(el);

export interface ElementPanelProps {
  elements: CertElement[];
  selected?: number;
  /** Page width and height, points. */
  page: [number, number];
  onSelect: (index: number) => void;
  onAdd: (type: CertElementType) => void;
  onChange: (index: number, el: CertElement) => void;
  onRemove: (index: number) => void;
}

/** The template's elements: add one, pick one (here or on the preview), and set where and how it is drawn. */
export function ElementPanel({ elements, selected, page, onSelect, onAdd, onChange, onRemove }: ElementPanelProps) {
  const el = selected === undefined ? undefined : elements[selected];
  const set = (patch: Partial<CertElement>) => el && selected !== undefined && onChange(selected, { ...el, ...patch });
  const num = (v: number | undefined, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return (
    <div>
      <Select
        aria-label="添加元素"
        placeholder="添加元素"
        value={undefined as unknown as string}
        options={TYPE_OPTIONS}
        onChange={(t: CertElementType) => onAdd(t)}
        style={{ width: '100%', marginBottom: 8 }}
      />
      <div role="listbox" aria-label="证书元素" style={{ maxHeight: 220, overflow: 'auto', marginBottom: 12 }}>
        {elements.map((e, i) => (
          <div
            key={i}
            role="option"
            aria-selected={i === selected}
            tabIndex={0}
            onClick={() => onSelect(i)}
            onKeyDown={(k) => k.key === 'Enter' && onSelect(i)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '4px 8px',
              cursor: 'pointer',
              borderRadius: 4,
              background: i === selected ? 'var(--color-primary-light-1)' : undefined,
            }}
          >
            <Tag size="small">{titleOf(e)}</Tag>
            <span
              title={summaryOf(e)}
              style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {summaryOf(e)}
            </span>
            <Button
              size="mini"
              type="text"
              status="danger"
              icon={<IconDelete />}
              aria-label={`删除${titleOf(e)}`}
              onClick={(ev) => {
                ev.stopPropagation();
                onRemove(i);
              }}
            />
          </div>
        ))}
      </div>
      {el && (
        <Form layout="vertical" size="small" aria-label={`${titleOf(el)}设置`}>
          <Space size={8} style={{ width: '100%' }}>
            <Form.Item label="X（点）" style={{ marginBottom: 8 }}>
              <InputNumber value={el.x} min={0} max={page[0]} precision={0} onChange={(v) => set({ x: num(v, 0) })} />
            </Form.Item>
            <Form.Item label="Y（点）" style={{ marginBottom: 8 }}>
              <InputNumber value={el.y} min={0} max={page[1]} precision={0} onChange={(v) => set({ y: num(v, 0) })} />
            </Form.Item>
          </Space>
          {isBoxed(el.type) ? (
            <Form.Item label="宽度（点）" style={{ marginBottom: 8 }}>
              <InputNumber
                value={el.width}
                min={CERT_LIMITS.imageWidth.min}
                max={CERT_LIMITS.imageWidth.max}
                precision={0}
                onChange={(v) => set({ width: num(v, CERT_LIMITS.imageWidth.min) })}
              />
            </Form.Item>
          ) : (
            <>
              <Space size={8} style={{ width: '100%' }}>
                <Form.Item label="字号" style={{ marginBottom: 8 }}>
                  <InputNumber
                    value={el.fontSize}
                    min={CERT_LIMITS.fontSize.min}
                    max={CERT_LIMITS.fontSize.max}
                    precision={0}
                    onChange={(v) => set({ fontSize: num(v, DEFAULT_FONT_SIZE) })}
                  />
                </Form.Item>
                <Form.Item label="颜色" style={{ marginBottom: 8 }}>
                  <ColorPicker showText value={el.color} onChange={(c) => set({ color: String(c) })} />
                </Form.Item>
              </Space>
              <Form.Item label="对齐（以 X 为起点、中点或终点）" style={{ marginBottom: 8 }}>
                <Radio.Group type="button" options={ALIGNS} value={el.align} onChange={(align) => set({ align })} />
              </Form.Item>
              <Form.Item
                label={el.type === 'text' ? '文字' : '格式（{} 为取值，空则只写取值）'}
                style={{ marginBottom: 8 }}
              >
                <Input
                  value={el.text ?? ''}
                  maxLength={CERT_LIMITS.textLength}
                  placeholder={el.type === 'text' ? '请输入文字' : '如 证书编号：{}'}
                  onChange={(text) => set({ text: text || undefined })}
                />
              </Form.Item>
            </>
          )}
          {el.type === 'seal' && (
            <Form.Item label="印章图片（PNG 或 JPG）" style={{ marginBottom: 8 }}>
              <ImageUpload value={el.image} compress={0} onChange={(image) => set({ image: image || undefined })} />
            </Form.Item>
          )}
        </Form>
      )}
    </div>
  );
}
