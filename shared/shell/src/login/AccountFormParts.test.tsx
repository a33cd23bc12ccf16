import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from '@arco-design/web-react';
import { NewPasswordFields } from './AccountFormParts';

afterEach(cleanup);

function NewPassword({ onSubmit }: { onSubmit: (v: unknown) => void }) {
  return (
    <Form onSubmit={onSubmit}>
      <NewPasswordFields placeholder="新密码" />
      <button type="submit">提交</button>
    </Form>
  );
}

describe('NewPasswordFields', () => {
  it('asks for the password policy, then for the same password again', async () => {
    const onSubmit = rs.fn();
    render(<NewPassword onSubmit={onSubmit} />);
    const type = (placeholder: string, value: string) =>
      fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
    type('新密码', 'Abcdef12');
    type('确认新密码', 'Abcdef13');
    fireEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('两次输入的密码不一致！')).toBeTruthy();
    type('确认新密码', 'Abcdef12');
    fireEvent.click(screen.getByText('提交'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: 'Abcdef12', password2: 'Abcdef12' }));
  });
});
