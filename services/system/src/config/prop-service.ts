import type { ConfigProp, ConfigPropForm, PropType } from '@exam/contracts';
import { badRequest, createStorage, type Db, faceConfigOf, probeFaceProvider } from '@exam/server-kit';
import * as repo from './config-repository';
import { checkPropData, maskData, restoreSecrets, typeAndProvider } from './prop-rules';

/** With nothing saved, storage is the local disk (DESIGN §1) and face recognition the local engine; live has no provider. */
const DEFAULT_PROVIDER: Record<PropType, string> = { upload: 'local', face: 'local', live: '', oauth: '', pay: '' };
/** Sign-in and payment keys: each provider is on by its own switch, none is "in use", and a blank secret keeps the old one. */
const KEYED: PropType[] = ['oauth', 'pay'];

/** Provider settings for storage, face recognition and live streaming (spec admin §2 config tabs). */
export function propService({ db, dataDir }: { db: Db; dataDir: string }) {
  const current = (type: string) => repo.currentProp(db, type);
  const find = (type: string, provider: string) => repo.propOf(db, type, provider);

  return {
    /** The provider's settings with secrets masked; without a provider, the one in use. */
    async detail(type: PropType, provider?: string): Promise<ConfigProp> {
      const inUse = await current(type);
      const name = provider || inUse?.provider || DEFAULT_PROVIDER[type];
      const row = name ? await find(type, name) : undefined;
      const isCurrent = inUse ? inUse.provider === name : name === DEFAULT_PROVIDER[type] && name !== '';
      return {
        type,
        provider: name,
        remark: row?.remark ?? '',
        data: maskData((row?.data ?? {}) as ConfigProp['data']),
        current: isCurrent,
      };
    },

    /** Saves a provider's settings; `use` also makes it the provider in use (prop/change). */
    async save(form: ConfigPropForm, use: boolean): Promise<void> {
      const { type, provider } = typeAndProvider(form.type, form.provider);
      // A face provider is tried (outside the transaction: it is a network call) before it goes into use.
      if (type === 'face' && use) {
        const problem = await probeFaceProvider(
          faceConfigOf({
            provider,
            data: restoreSecrets(form.data ?? {}, (await find(type, provider))?.data as ConfigProp['data'] | undefined),
          }),
        );
        if (problem) throw badRequest(problem);
      }
      await db.transaction(async (tx) => {
        const old = await repo.propOf(tx, type, provider);
        const data = restoreSecrets(form.data ?? {}, old?.data as ConfigProp['data'] | undefined, KEYED.includes(type));
        checkPropData(type, provider, data);
        if (type === 'upload') {
          try {
            createStorage(provider, data, dataDir);
          } catch {
            throw badRequest('存储配置不完整，请检查存储节点和存储空间！');
          }
        }
        // Live has one provider and only a save button: saving it puts it in use.
        const makeCurrent = use || type === 'live';
        if (makeCurrent) await repo.clearCurrent(tx, type);
        await repo.upsertProp(tx, type, provider, {
          data,
          remark: form.remark ?? old?.remark ?? '',
          current: makeCurrent,
        });
        if (makeCurrent && type === 'upload') await repo.setUploadType(tx, provider);
      });
    },

    /** The storage a provider's saved settings describe (local files stay readable after a switch). */
    async storageOf(provider: string) {
      return createStorage(provider, (await find('upload', provider))?.data ?? {}, dataDir);
    },

    /** The storage in use (server side only). */
    async activeStorage() {
      const row = await current('upload');
      return createStorage(row?.provider ?? 'local', row?.data ?? {}, dataDir);
    },
  };
}
export type PropService = ReturnType<typeof propService>;
