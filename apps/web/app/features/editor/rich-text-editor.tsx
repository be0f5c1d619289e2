import { useEffect, useRef } from 'react';

type Command = { label: string; run: (editor: HTMLElement) => void };

// document.execCommand is deprecated but still the one editing primitive every browser ships
// for contenteditable; the API sanitises whatever HTML results (allow-list) on publish.
const exec = (command: string, value?: string) => () => {
  document.execCommand(command, false, value);
};

const COMMANDS: Command[] = [
  { label: 'Fet', run: exec('bold') },
  { label: 'Kursiv', run: exec('italic') },
  { label: 'Rubrik', run: exec('formatBlock', 'h2') },
  { label: 'Stycke', run: exec('formatBlock', 'p') },
  { label: 'Punktlista', run: exec('insertUnorderedList') },
  { label: 'Numrerad lista', run: exec('insertOrderedList') },
  {
    label: 'Länk',
    run: () => {
      const href = window.prompt('Länkens adress (https://… eller /sida)');
      if (href && /^(https?:\/\/|\/|mailto:|tel:)/i.test(href.trim())) {
        document.execCommand('createLink', false, href.trim());
      }
    },
  },
  { label: 'Ta bort formatering', run: exec('removeFormat') },
];

type RichTextEditorProps = {
  id: string;
  labelledBy: string;
  initialHtml: string;
  onChange: (html: string) => void;
};

/**
 * Rich text for .html nodes and blocks: a contenteditable area with a small toolbar. The
 * initial HTML is set once (React does not own the editable DOM); pasted content arrives as
 * plain text, so no foreign markup or styles come in.
 */
export function RichTextEditor({ id, labelledBy, initialHtml, onChange }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (ref.current) ref.current.innerHTML = initialHtml;
    // Only the first value: later renders must not reset the editor's caret and text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="rich-text-editor">
      <div
        className="rich-text-editor__toolbar"
        role="toolbar"
        aria-label="Textformat"
        aria-controls={id}
      >
        {COMMANDS.map((command) => (
          <button
            key={command.label}
            type="button"
            className="rich-text-editor__button"
            // Keeps the selection in the editable area while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              const editor = ref.current;
              if (!editor) return;
              editor.focus();
              command.run(editor);
              onChange(editor.innerHTML);
            }}
          >
            {command.label}
          </button>
        ))}
      </div>
      <div
        id={id}
        ref={ref}
        className="rich-text-editor__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        tabIndex={0}
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onPaste={(event) => {
          event.preventDefault();
          document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
        }}
      />
    </div>
  );
}
