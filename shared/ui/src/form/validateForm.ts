import type { FormInstance } from '@arco-design/web-react';

/**
 * Validates a form; when a field is invalid, its control takes the focus (the shells' Form default has
 * already scrolled it into view) and the rejection goes on to the caller, which keeps its dialog open.
 * Every form dialog validates through this, so 确定 on a long form never fails out of sight.
 */
export async function validateForm<V>(form: FormInstance<V>): Promise<V> {
  try {
    return await form.validate();
  } catch (errors) {
    const first = Object.keys((errors ?? {}) as object)[0];
    if (first !== undefined) {
      form.scrollToField(first as keyof V, { block: 'center' });
      // Arco marks the item invalid on its next render.
      setTimeout(() => focusInvalid(first), 0);
    }
    throw errors;
  }
}

function focusInvalid(field: string) {
  const item = document.getElementById(field) ?? document.getElementById(`${field}_input`);
  const within = item?.closest('.arco-form-item') ?? document.querySelector('.arco-form-item-status-error');
  const control = within?.querySelector<HTMLElement>(
    'input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  );
  control?.focus({ preventScroll: true });
}
