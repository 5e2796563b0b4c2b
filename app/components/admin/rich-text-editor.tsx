// The back office's rich-text editor (SPEC §2): Tiptap with exactly the toolbar of
// the spec. Its HTML travels in a hidden input, so it submits with a normal form.
// Imported only by admin routes, so Tiptap never reaches the public bundles.
// The server sanitises what it receives with the same allow-list (app/.server/sanitize.ts).
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  AlignCenterIcon,
  AlignJustifyIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  HighlighterIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  PaletteIcon,
  RemoveFormattingIcon,
  StrikethroughIcon,
  UnderlineIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ErrorList } from '~/components/forms';
import { cn } from '~/lib/utils';

/** SPEC §2: links only with http, https, mailto, tel. */
export const ALLOWED_LINK = /^(?:https?:\/\/|mailto:|tel:)/i;

/** Typography for stored rich text (also usable by whoever displays it). */
export const RICH_TEXT_CLASSES =
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_img]:max-w-full';

export interface RichTextEditorProps {
  /** Form field name of the hidden input. */
  name: string;
  defaultValue?: string;
  /** id of the visible label: the editing area is a textbox named by it. */
  labelId: string;
  /** id of an error message, when there is one. */
  errorId?: string;
  invalid?: boolean;
  className?: string;
}

export function RichTextEditor({ name, defaultValue = '', labelId, errorId, invalid, className }: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    // Rendered after hydration only: the server sends the stored HTML as a preview.
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

  return (
    <div
      data-slot="rich-text-editor"
      className={cn(
        'rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        invalid && 'border-destructive',
        className,
      )}
    >
      <Toolbar editor={editor} />
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
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
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
  const disabled = !editor;
  const chain = () => editor!.chain().focus();

  const toggle = (label: string, icon: ReactNode, active: boolean | undefined, run: () => void) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 aria-pressed:bg-accent"
      aria-label={label}
      title={label}
      aria-pressed={!!active}
      disabled={disabled}
      onClick={run}
    >
      {icon}
    </Button>
  );

  return (
    <div role="toolbar" aria-label="Mise en forme" className="flex flex-wrap items-center gap-0.5 border-b p-1">
      {toggle('Titre 1', <Heading1Icon aria-hidden="true" />, state?.h1, () => chain().toggleHeading({ level: 1 }).run())}
      {toggle('Titre 2', <Heading2Icon aria-hidden="true" />, state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {toggle('Titre 3', <Heading3Icon aria-hidden="true" />, state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
      <Divider />
      {toggle('Gras', <BoldIcon aria-hidden="true" />, state?.bold, () => chain().toggleBold().run())}
      {toggle('Italique', <ItalicIcon aria-hidden="true" />, state?.italic, () => chain().toggleItalic().run())}
      {toggle('Souligné', <UnderlineIcon aria-hidden="true" />, state?.underline, () => chain().toggleUnderline().run())}
      {toggle('Barré', <StrikethroughIcon aria-hidden="true" />, state?.strike, () => chain().toggleStrike().run())}
      <Divider />
      {toggle('Liste numérotée', <ListOrderedIcon aria-hidden="true" />, state?.orderedList, () =>
        chain().toggleOrderedList().run(),
      )}
      {toggle('Liste à puces', <ListIcon aria-hidden="true" />, state?.bulletList, () => chain().toggleBulletList().run())}
      <Divider />
      <ColorPicker
        label="Couleur du texte"
        icon={<PaletteIcon aria-hidden="true" className="size-4" />}
        value={state?.color ?? '#000000'}
        disabled={disabled}
        onChange={(color) => chain().setColor(color).run()}
      />
      <ColorPicker
        label="Couleur de fond"
        icon={<HighlighterIcon aria-hidden="true" className="size-4" />}
        value={state?.background ?? '#ffff00'}
        disabled={disabled}
        onChange={(color) => chain().setBackgroundColor(color).run()}
      />
      <Divider />
      {toggle('Aligner à gauche', <AlignLeftIcon aria-hidden="true" />, state?.left, () => chain().setTextAlign('left').run())}
      {toggle('Centrer', <AlignCenterIcon aria-hidden="true" />, state?.center, () => chain().setTextAlign('center').run())}
      {toggle('Aligner à droite', <AlignRightIcon aria-hidden="true" />, state?.right, () => chain().setTextAlign('right').run())}
      {toggle('Justifier', <AlignJustifyIcon aria-hidden="true" />, state?.justify, () => chain().setTextAlign('justify').run())}
      <Divider />
      {toggle('Lien', <LinkIcon aria-hidden="true" />, state?.link, () => setLinkOpen(true))}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label="Effacer la mise en forme"
        title="Effacer la mise en forme"
        disabled={disabled}
        onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}
      >
        <RemoveFormattingIcon aria-hidden="true" />
      </Button>
      {editor && <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />}
    </div>
  );
}

function Divider() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />;
}

function ColorPicker({
  label,
  icon,
  value,
  disabled,
  onChange,
}: {
  label: string;
  icon: ReactNode;
  value: string;
  disabled: boolean;
  onChange: (color: string) => void;
}) {
  return (
    <label
      title={label}
      className="relative inline-flex size-8 cursor-pointer items-center justify-center rounded-md hover:bg-accent has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
    >
      {icon}
      <span aria-hidden="true" className="absolute right-1 bottom-1 left-1 h-0.5 rounded" style={{ backgroundColor: value }} />
      <input
        type="color"
        aria-label={label}
        disabled={disabled}
        value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </label>
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

/**
 * A rich-text field of a Conform form: visible label, the editor, the field's errors,
 * with the editor's aria wiring done here like `Field` does for inputs.
 */
export function RichTextField({
  label,
  meta,
  defaultValue,
}: {
  label: ReactNode;
  meta: { name: string; errorId: string; errors?: string[] };
  defaultValue: string;
}) {
  const labelId = useId();
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className="space-y-2">
      <Label id={labelId} asChild>
        <span>{label}</span>
      </Label>
      <RichTextEditor
        name={meta.name}
        defaultValue={defaultValue}
        labelId={labelId}
        errorId={invalid ? meta.errorId : undefined}
        invalid={invalid}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
