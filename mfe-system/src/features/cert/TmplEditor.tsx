import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Message, Radio, Space, Spin } from '@arco-design/web-react';
import type { CertElement, CertElementType, CertTmplSaveReq } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { ImageUpload, UploadGuardProvider, useIsMobile, useUploadingSave, validateForm } from '@exam/ui';
import { useCertTmplDetailQuery, useCertTmplSaveMutation } from './certApi';
import { ElementPanel } from './ElementPanel';
import { clampTo, newElement, pageOf } from './elements';
import { TmplCanvas } from './TmplCanvas';

type Settings = Pick<CertTmplSaveReq, 'name' | 'pageSize' | 'orientation' | 'bgImage'>;

const NEW_SETTINGS: Settings = { name: '', pageSize: 'A4', orientation: 'landscape', bgImage: '' };
/** A new template starts as a usual certificate on A4 landscape, ready to move about. */
const STARTER: CertElement[] = [
  { type: 'title', x: 421, y: 90, fontSize: 40, color: '#8b1a1a', align: 'center' },
  { type: 'realName', x: 421, y: 210, fontSize: 26, color: '#333333', align: 'center', text: '兹证明 {} 同志' },
  {
    type: 'sourceTitle',
    x: 421,
    y: 265,
    fontSize: 18,
    color: '#333333',
    align: 'center',
    text: '参加 {}，成绩合格，特发此证。',
  },
  { type: 'number', x: 90, y: 470, fontSize: 12, color: '#333333', align: 'left', text: '证书编号：{}' },
  { type: 'grantDate', x: 90, y: 495, fontSize: 12, color: '#333333', align: 'left', text: '发放日期：{}' },
  { type: 'expireDate', x: 90, y: 520, fontSize: 12, color: '#333333', align: 'left', text: '有效期至：{}' },
  { type: 'qrcode', x: 662, y: 420, width: 100 },
];
const PAGE_SIZES = ['A4', 'A5'].map((v) => ({ value: v, label: v }));
const ORIENTATIONS = [
  { value: 'landscape', label: '横向' },
  { value: 'portrait', label: '纵向' },
];

export interface TmplEditorProps {
  /** '' a new template, an id to edit one, undefined closed. */
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** 证书模板 designer: page and background, then elements placed by dragging them on the PDF's own preview. */
export function TmplEditor({ id, onClose, onSaved }: TmplEditorProps) {
  const visible = id !== undefined;
  const detail = useCertTmplDetailQuery(id ? { id } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useCertTmplSaveMutation();
  const [form] = Form.useForm<Settings>();
  const [settings, setSettings] = useState<Settings>(NEW_SETTINGS);
  const [elements, setElements] = useState<CertElement[]>([]);
  const [selected, setSelected] = useState<number>();
  const mobile = useIsMobile();
  const loaded = id ? detail.currentData : undefined;

  // Filled once the dialog opens and its record is in (a new template: the starter layout).
  useEffect(() => {
    if (!visible || (id && !loaded)) return;
    const s: Settings = loaded
      ? { name: loaded.name, pageSize: loaded.pageSize, orientation: loaded.orientation, bgImage: loaded.bgImage }
      : NEW_SETTINGS;
    form.setFieldsValue(s);
    setSettings(s);
    setElements(loaded ? loaded.elements : STARTER);
    setSelected(undefined);
  }, [visible, id, loaded, form]);
  useEffect(() => {
    if (visible && id && detail.isError) onClose();
  }, [visible, id, detail.isError, onClose]);

  const page = pageOf(settings.pageSize, settings.orientation);
  const body: CertTmplSaveReq = { ...settings, name: settings.name.trim() || '预览', elements };
  const change = (i: number, el: CertElement) => setElements((all) => all.map((e, j) => (j === i ? el : e)));
  const add = (type: CertElementType) => {
    setElements((all) => [...all, newElement(type, page)]);
    setSelected(elements.length);
  };
  const remove = (i: number) => {
    setElements((all) => all.filter((_, j) => j !== i));
    setSelected(undefined);
  };

  const { uploads, busy, run } = useUploadingSave(async () => {
    const v = await validateForm(form);
    await save({ id: id || undefined, ...v, bgImage: v.bgImage ?? '', elements }).unwrap();
    Message.success('证书模板保存成功！');
    onSaved();
    onClose();
  });

  return (
    <Drawer
      title={id ? '修改证书模板' : '新增证书模板'}
      visible={visible}
      width={mobile ? '100%' : 'min(1280px, 100%)'}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void run()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin loading={!!id && !loaded} style={{ display: 'block' }}>
        <UploadGuardProvider guard={uploads}>
          <Form
            form={form}
            layout={mobile ? 'vertical' : 'inline'}
            initialValues={NEW_SETTINGS}
            onValuesChange={(_, all) => setSettings({ ...NEW_SETTINGS, ...all })}
            style={{ marginBottom: 12, rowGap: 8 }}
          >
            <Form.Item
              label="模板名称"
              field="name"
              rules={[{ required: true, message: '请输入证书模板名称！' }, { maxLength: 100 }]}
            >
              <Input placeholder="如 培训合格证书" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item label="纸张" field="pageSize">
              <Radio.Group type="button" options={PAGE_SIZES} />
            </Form.Item>
            <Form.Item label="方向" field="orientation">
              <Radio.Group type="button" options={ORIENTATIONS} />
            </Form.Item>
            <Form.Item label="背景图片" field="bgImage" extra="PNG 或 JPG，铺满整页">
              <ImageUpload compress={0} />
            </Form.Item>
          </Form>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 520px', minWidth: 0 }}>
              <TmplCanvas
                body={body}
                page={page}
                selected={selected}
                onSelect={setSelected}
                onMove={(i, x, y) => change(i, clampTo(elements[i], x, y, page))}
              />
            </div>
            <div style={{ flex: '1 1 300px', minWidth: 0, maxWidth: mobile ? undefined : 360 }}>
              <ElementPanel
                elements={elements}
                selected={selected}
                page={page}
                onSelect={setSelected}
                onAdd={add}
                onChange={change}
                onRemove={remove}
              />
            </div>
          </div>
        </UploadGuardProvider>
      </Spin>
    </Drawer>
  );
}
