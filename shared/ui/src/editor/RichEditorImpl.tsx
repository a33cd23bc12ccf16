import { useEffect, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { extOf, compressImage, uploadFile } from '../upload/uploadFile';
import { useEnclosingUploadGuard } from '../upload/uploadGuard';
import { AttachmentDialog, type Attachment } from './AttachmentDialog';
import { EditorToolbar } from './EditorToolbar';
import { Audio, Video } from './media';
import { RichText } from './RichText';

export interface RichEditorProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Height of the editing area in px (default 300). */
  height?: number;
}

const EMPTY = '<p></p>';

/** The content node for one uploaded attachment: media plays inline, other files become a link. */
const nodeOf = (a: Attachment) =>
  a.kind === 'image'
    ? { type: 'image', attrs: { src: a.url, alt: a.name } }
    : a.kind === 'video' || a.kind === 'audio'
      ? { type: a.kind, attrs: { src: a.url } }
      : {
          type: 'paragraph',
          content: [
            { type: 'text', text: a.name, marks: [{ type: 'link', attrs: { href: a.url, target: '_blank' } }] },
          ],
        };

/**
 * The rich-text editor (tiptap): formatting, images uploaded through the common upload call and an
 * attachment dialog for images, video, audio and files. Emits HTML; the server sanitizes it on save.
 */
export function RichEditor({ value = '', onChange, placeholder, height = 300 }: RichEditorProps) {
  const [uploading, setUploading] = useState(false);
  const guard = useEnclosingUploadGuard();
  const [attaching, setAttaching] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit, Image.configure({ allowBase64: false }), Video, Audio],
    content: value,
    shouldRerenderOnTransaction: true, // the toolbar shows which formats are active
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (a loaded record, a reset form) replaces the content; our own echo does not.
  useEffect(() => {
    // A Suspense boundary re-showing this editor runs the effect again on the instance it destroyed.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current && !(value === EMPTY && current === ''))
      editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const pickImage = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.png,.jpg,.jpeg,.gif';
    input.onchange = async () => {
      const file = input.files?.[0];
      if (!file || !editor) return;
      setUploading(true);
      const work = (async () => {
        const res = await uploadFile(extOf(file.name) === 'gif' ? file : await compressImage(file));
        editor.chain().focus().setImage({ src: res.url, alt: file.name }).run();
      })();
      // The enclosing form (a question being edited) saves only once the picture is in the text.
      guard?.track(work);
      try {
        await work;
      } catch {
        // the client has shown the server's message
      } finally {
        setUploading(false);
      }
    };
    input.click();
  };

  if (!editor) return <RichText html={value} />;
  return (
    <div
      className="exam-rich-editor"
      style={{ border: '1px solid var(--color-border-2)', borderRadius: 4, background: 'var(--color-bg-2)' }}
    >
      <EditorToolbar editor={editor} uploading={uploading} onImage={pickImage} onAttach={() => setAttaching(true)} />
      <div
        style={{ height, overflowY: 'auto', padding: '8px 12px', cursor: 'text', position: 'relative' }}
        onClick={() => editor.commands.focus()}
      >
        {editor.isEmpty && placeholder && (
          <div style={{ position: 'absolute', color: 'var(--color-text-4)', pointerEvents: 'none' }}>{placeholder}</div>
        )}
        <EditorContent editor={editor} className="exam-rich-text" />
      </div>
      <style href="exam-rich-editor" precedence="default">
        {
          '.exam-rich-editor .ProseMirror{outline:none;min-height:100%}.exam-rich-editor img,.exam-rich-editor video{max-width:100%}'
        }
      </style>
      <AttachmentDialog
        visible={attaching}
        onCancel={() => setAttaching(false)}
        onOk={(files) => {
          editor.chain().focus().insertContent(files.map(nodeOf)).run();
          setAttaching(false);
        }}
      />
    </div>
  );
}
