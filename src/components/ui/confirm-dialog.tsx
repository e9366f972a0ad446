'use client';

import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * A confirmation: what will happen (`children`), the safe choice first and focused (`keep`), the
 * action (`confirm`, busy while it runs), and why it failed (`problem`, announced inside the
 * dialog; '' when the page's global handler reports failures).
 */
export function ConfirmDialog({
  open,
  title,
  keep,
  confirm,
  busy,
  problem = '',
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  keep: string;
  confirm: string;
  busy: boolean;
  problem?: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {keep}
          </Button>
          <Button busy={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
      <p role="alert" className={problem ? 'mt-3 font-medium text-error-700' : ''}>
        {problem}
      </p>
    </Dialog>
  );
}
