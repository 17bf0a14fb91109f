import { HeartHandshake, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useServices } from '@/lib/api/catalogue/get-services';
import type { Service } from '@/lib/api/types';
import { displayMoney } from '@/lib/money';
import { DeleteAction, EditAction, IconAction, Panel, PanelHeader, TableStateRow } from '../../shared/ui';
import { useDeleteService } from '../api/delete-service';
import { FollowUpDialog } from './follow-up-dialog';
import { ServiceFormDialog } from './service-form-dialog';

export function ServicesTab() {
  const services = useServices();
  const remove = useDeleteService();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Service | undefined>();
  const [following, setFollowing] = useState<Service | undefined>();
  const rows = services.data ?? [];

  return (
    <Panel>
      <PanelHeader title="Services" description="The experiences guests can book, with their price and length.">
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          Add Service
        </Button>
      </PanelHeader>
      <Table aria-label="Services">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Duration</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={5} loading={services.isPending} error={services.isError} empty="No services yet." what="services" />
          ) : (
            rows.map((service) => (
              <TableRow key={service.id} data-testid="service-row">
                <TableCell className="min-w-52">
                  <div className="flex items-center gap-3">
                    <Image
                      image={mediaImage(service.image, service.imageSize)}
                      sizes="2.75rem"
                      alt=""
                      className="size-11 shrink-0 object-cover"
                    />
                    <span className="font-medium text-ivory">{service.name}</span>
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums text-ivory">{displayMoney(service.price)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{service.duration} minutes</TableCell>
                <TableCell className="max-w-md">
                  <p className="truncate" title={service.description}>
                    {service.description}
                  </p>
                </TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <EditAction label={`Edit ${service.name}`} onClick={() => setEditing(service)} />
                    <IconAction label={`After the visit: ${service.name}`} hint="After the visit" onClick={() => setFollowing(service)}>
                      <HeartHandshake aria-hidden className="size-4" />
                    </IconAction>
                    <DeleteAction
                      label={`Delete ${service.name}`}
                      what="service"
                      pending={remove.isPending && remove.variables === service.id}
                      onConfirmed={() => remove.mutate(service.id)}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <ServiceFormDialog open={adding} onOpenChange={setAdding} />
      {editing ? (
        <ServiceFormDialog
          key={editing.id}
          open
          service={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
      {following ? (
        <FollowUpDialog
          key={following.id}
          service={following}
          onOpenChange={(open) => {
            if (!open) setFollowing(undefined);
          }}
        />
      ) : null}
    </Panel>
  );
}
