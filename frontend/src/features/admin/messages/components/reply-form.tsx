import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { applyFieldErrors } from '../../shared/form-errors';
import { useReplyToMessage } from '../api/reply-to-message';
import { replyFields, replySchema, type ReplyFormValues } from '../reply-schema';

/** The owner's answer, mailed to the guest with their message quoted below it. */
export function ReplyForm({ messageId, guestEmail }: { messageId: string; guestEmail: string }) {
  const reply = useReplyToMessage();
  const { control, handleSubmit, reset, setError } = useForm<ReplyFormValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit((values) =>
    reply.mutate(
      { id: messageId, message: values.message },
      {
        onSuccess: () => reset({ message: '' }),
        onError: (error) => applyFieldErrors(error, setError, replyFields),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Reply to the message" className="grid gap-4">
      <FormField
        control={control}
        name="message"
        id={`reply-${messageId}`}
        label="Your reply"
        hint={`Mailed to ${guestEmail}, with their message quoted below it.`}
      >
        <Textarea rows={5} required />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending}>
          <Send aria-hidden className="size-4" />
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}
