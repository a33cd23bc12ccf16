import type { ReactNode } from 'react';
import { Button, Divider, Tooltip } from '@arco-design/web-react';
import {
  IconAttachment,
  IconBold,
  IconImage,
  IconItalic,
  IconOrderedList,
  IconQuote,
  IconRedo,
  IconStrikethrough,
  IconUnderline,
  IconUndo,
  IconUnorderedList,
} from '@arco-design/web-react/icon';
import type { Editor } from '@tiptap/react';

interface Props {
  editor: Editor;
  onImage: () => void;
  onAttach: () => void;
  uploading: boolean;
}

/** One toolbar button; `active` marks a format already applied at the cursor. */
function Tool({
  title,
  active,
  onClick,
  children,
  loading,
}: {
  title: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  loading?: boolean;
}) {
  return (
    <Tooltip content={title} mini>
      <Button
        size="mini"
        type={active ? 'primary' : 'text'}
        aria-label={title}
        loading={loading}
        onClick={onClick}
        icon={children}
      />
    </Tooltip>
  );
}

/** Formatting, lists, image upload and the attachment dialog. */
export function EditorToolbar({ editor, onImage, onAttach, uploading }: Props) {
  const chain = () => editor.chain().focus();
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 2, padding: 4, borderBottom: '1px solid var(--color-border-2)' }}
    >
      <Tool title="加粗" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
        <IconBold />
      </Tool>
      <Tool title="斜体" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
        <IconItalic />
      </Tool>
      <Tool title="下划线" active={editor.isActive('underline')} onClick={() => chain().toggleUnderline().run()}>
        <IconUnderline />
      </Tool>
      <Tool title="删除线" active={editor.isActive('strike')} onClick={() => chain().toggleStrike().run()}>
        <IconStrikethrough />
      </Tool>
      <Button
        size="mini"
        type={editor.isActive('heading', { level: 3 }) ? 'primary' : 'text'}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        标题
      </Button>
      <Divider type="vertical" />
      <Tool title="无序列表" active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
        <IconUnorderedList />
      </Tool>
      <Tool title="有序列表" active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}>
        <IconOrderedList />
      </Tool>
      <Tool title="引用" active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}>
        <IconQuote />
      </Tool>
      <Divider type="vertical" />
      <Tool title="插入图片" onClick={onImage} loading={uploading}>
        <IconImage />
      </Tool>
      <Tool title="插入附件" onClick={onAttach}>
        <IconAttachment />
      </Tool>
      <Divider type="vertical" />
      <Tool title="撤销" onClick={() => chain().undo().run()}>
        <IconUndo />
      </Tool>
      <Tool title="重做" onClick={() => chain().redo().run()}>
        <IconRedo />
      </Tool>
    </div>
  );
}
