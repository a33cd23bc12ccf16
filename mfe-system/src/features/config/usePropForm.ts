import { validateForm } from '@exam/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Message } from '@arco-design/web-react';
import type { PropData, PropType } from '@exam/contracts';
import { useConfigPropChangeMutation, useConfigPropSaveMutation, useLazyConfigPropQuery } from './configApi';

/** Form values: provider and remark beside the provider's flat settings. */
type Values = Record<string, unknown> & { provider?: string; remark?: string };

/** Settings are plain values; fields left empty by the form are not sent. */
const dataOf = (values: Values): PropData =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([k, v]) => k !== 'provider' && k !== 'remark' && ['string', 'number', 'boolean'].includes(typeof v),
    ),
  ) as PropData;

/**
 * One provider-config form (storage, face, live): loads the provider in use, loads another provider's
 * saved settings (or an empty form) when the radio changes, saves, and switches the provider in use.
 */
/** `first`: the provider shown when none is in use (sign-in keys have no provider "in use"). */
export function usePropForm(type: PropType, first?: string) {
  const [form] = Form.useForm<Values>();
  const [provider, setProvider] = useState('');
  const [inUse, setInUse] = useState('');
  const [busy, setBusy] = useState(false);
  // While a provider's settings load the form is disabled: they replace the fields when they arrive, so
  // anything typed meanwhile would be lost (or saved under the wrong provider when answers cross).
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const [readProp] = useLazyConfigPropQuery();
  const [saveProp] = useConfigPropSaveMutation();
  const [changeProp] = useConfigPropChangeMutation();

  const load = useCallback(
    async (wanted?: string) => {
      const mine = ++latest.current;
      setLoading(true);
      const res = await readProp({ type, provider: wanted || undefined })
        .unwrap()
        .finally(() => {
          if (mine === latest.current) setLoading(false);
        });
      if (mine !== latest.current) return; // a later choice is loading: this answer is stale
      form.resetFields();
      form.setFieldsValue({ ...res.data, provider: res.provider || wanted || undefined, remark: res.remark });
      setProvider(res.provider || wanted || '');
      if (res.current) setInUse(res.provider);
    },
    [type, form, readProp],
  );
  useEffect(() => void load(first).catch(() => undefined), [load, first]);

  /** `use` makes the provider the one in use (prop/change); otherwise only saves (prop/save). */
  const submit = async (use: boolean, success: string) => {
    const values = await validateForm(form);
    if (!values.provider) return void Message.warning('服务商必须选择！');
    setBusy(true);
    try {
      await (use ? changeProp : saveProp)({
        type,
        provider: values.provider,
        remark: values.remark ?? '',
        data: dataOf(values),
      }).unwrap();
      Message.success({ content: success, duration: 2000 });
      if (use || type === 'live') setInUse(values.provider);
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    provider,
    inUse,
    busy,
    loading,
    switchTo: (p: string) => void load(p).catch(() => undefined),
    submit: (use: boolean, msg: string) => void submit(use, msg).catch(() => undefined),
  };
}
