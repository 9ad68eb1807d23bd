/** A file that cannot become an activity: `message` is shown to the member as it is. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRefused";
  }
}
