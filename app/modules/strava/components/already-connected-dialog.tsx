/** The already-connected dialog of the Strava connect return: its own chunk, loaded when it opens (issue #17). */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Button } from "~/ui/button";

export default function AlreadyConnectedDialog({
  open,
  onClose,
  message,
}: {
  open: boolean;
  onClose: () => void;
  message: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-gray-900">
            Strava Account Already Connected
          </DialogTitle>
          <p className="mt-2 text-gray-700">{message}</p>
          <div className="mt-6 flex justify-end">
            <Button onClick={onClose}>OK</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
