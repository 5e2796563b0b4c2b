export interface Toast {
  type: 'success' | 'error';
  title: string;
  description?: string;
}
