// Tiptap behind the back office's rich-text editor (rich-text-editor.tsx loads this
// module lazily, in the browser only, after hydration).
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';
import { ALLOWED_LINK, EditorFrame, RICH_TEXT_CLASSES, Toolbar, type RichTextEditorProps, type ToolbarState } from './rich-text-toolbar';

export default function TiptapEditor({ name, defaultValue = '', labelId, errorId, invalid, className }: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    // Created after mount (this module only ever loads in the browser, after hydration).
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        // Only what the toolbar offers and the server keeps.
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto', 'tel'],
          isAllowedUri: (url) => ALLOWED_LINK.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      TextStyle,
      Color,
      BackgroundColor,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ allowBase64: true, inline: true }),
    ],
    content: defaultValue,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(errorId ? { 'aria-describedby': errorId } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cn('min-h-[120px] px-3 py-2 text-sm outline-none', RICH_TEXT_CLASSES),
      },
    },
    onUpdate: ({ editor }) => setHtml(editor.isEmpty ? '' : editor.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }): ToolbarState | null =>
      e
        ? {
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            orderedList: e.isActive('orderedList'),
            bulletList: e.isActive('bulletList'),
            link: e.isActive('link'),
            left: e.isActive({ textAlign: 'left' }),
            center: e.isActive({ textAlign: 'center' }),
            right: e.isActive({ textAlign: 'right' }),
            justify: e.isActive({ textAlign: 'justify' }),
            color: (e.getAttributes('textStyle').color as string | undefined) ?? '#000000',
            background: (e.getAttributes('textStyle').backgroundColor as string | undefined) ?? '#ffff00',
          }
        : null,
  });
  const [linkOpen, setLinkOpen] = useState(false);

  return (
    <EditorFrame invalid={invalid} className={className}>
      <Toolbar editor={editor} state={state} onLink={() => setLinkOpen(true)} />
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div
          aria-hidden="true"
          className={cn('min-h-[120px] px-3 py-2 text-sm', RICH_TEXT_CLASSES)}
          // Stored HTML was sanitised on the server before it was saved.
          dangerouslySetInnerHTML={{ __html: defaultValue }}
        />
      )}
      <input type="hidden" name={name} value={html} />
      {editor && <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />}
    </EditorFrame>
  );
}

function LinkDialog({ editor, open, onOpenChange }: { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const href = url.trim();
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onOpenChange(false);
      return;
    }
    if (!ALLOWED_LINK.test(href)) {
      setError('Seuls les liens http, https, mailto et tel sont autorisés');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        onOpenAutoFocus={() => {
          setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
          setError(null);
        }}
      >
        <DialogHeader>
          <DialogTitle>Lien</DialogTitle>
          <DialogDescription>Adresse http, https, mailto ou tel. Laissez vide pour retirer le lien.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>URL</Label>
          <Input
            id={inputId}
            value={url}
            placeholder="https://"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          {error && (
            <p id={errorId} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="button" onClick={apply}>
            Appliquer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
