import { useToast } from '@ummahnotify/client';
import { WRAPPING_BUTTON } from '@ummahnotify/client/section';
import { COPY_FEEDBACK_MS } from '@ummahnotify/core';
import { Button, Card, Collapse, Flex, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PromptStepProps {
  ocrText: string;
  prompt: string;
  pasted: string;
  onPasted: (text: string, byPaste: boolean) => void;
  /** The paste box's state: an error shows 'Invalid JSON. Please check the format.' */
  pasteState: 'empty' | 'invalid' | 'valid';
}

/** Steps 2 and 3: the generated prompt to copy, and the box for the AI's JSON answer. */
export function PromptStep({ ocrText, prompt, pasted, onPasted, pasteState }: PromptStepProps) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const promptBox = useRef<TextAreaRef>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch (error) {
      console.error('Copying the prompt failed.', error);
      toast.error(t('prompt.copyFailed'));
      promptBox.current?.resizableTextArea?.textArea.select();
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('prompt.title')}>
        <Typography.Paragraph type="secondary">{t('prompt.hint')}</Typography.Paragraph>
        <Collapse
          size="small"
          style={{ marginBottom: 12 }}
          items={[
            {
              key: 'ocr',
              label: t('ocr.text'),
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{ocrText}</Typography.Paragraph>
              ),
            },
          ]}
        />
        <label htmlFor="event-prompt">
          <Typography.Text strong>{t('prompt.label')}</Typography.Text>
        </label>
        <Input.TextArea id="event-prompt" ref={promptBox} value={prompt} readOnly rows={10} />
        <Button
          style={{ ...WRAPPING_BUTTON, marginTop: 12 }}
          onClick={copy}
          type={copied ? 'default' : 'primary'}
          aria-live="polite"
        >
          {copied ? t('prompt.copied') : t('prompt.copy')}
        </Button>
      </Card>
      <Card size="small" title={t('paste.title')}>
        <label htmlFor="event-ai-answer">
          <Typography.Text strong>{t('paste.label')}</Typography.Text>
        </label>
        <Input.TextArea
          id="event-ai-answer"
          value={pasted}
          placeholder={t('paste.placeholder')}
          rows={6}
          status={pasteState === 'invalid' ? 'error' : undefined}
          aria-invalid={pasteState === 'invalid'}
          aria-describedby="event-ai-answer-state"
          onChange={(e) => onPasted(e.target.value, false)}
          onPaste={(e: ClipboardEvent<HTMLTextAreaElement>) => {
            const text = e.clipboardData.getData('text');
            if (!text) return;
            e.preventDefault();
            const box = e.currentTarget;
            onPasted(box.value.slice(0, box.selectionStart) + text + box.value.slice(box.selectionEnd), true);
          }}
        />
        <div id="event-ai-answer-state" role="status" style={{ minHeight: 22, marginTop: 4 }}>
          {pasteState === 'invalid' && <Typography.Text type="danger">{t('paste.invalid')}</Typography.Text>}
          {pasteState === 'valid' && <Typography.Text type="success">{t('paste.valid')}</Typography.Text>}
        </div>
      </Card>
    </Flex>
  );
}
