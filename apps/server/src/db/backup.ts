/**
 * Backup and restore of one installation: the database and the uploaded files (DATA_DIR/uploads),
 * with a manifest that says what was taken (engine, time, migrations, rows per table, checksums
 * of every file). Used by `npm run backup` and `npm run restore` (src/cli/).
 *
 * A backup is a directory, or the same directory packed as `.tar.gz` / `.tgz`:
 *   manifest.json        engine, time, migrations, rows per table, sha256 of each file below
 *   database.dump        PostgreSQL: `pg_dump --format=custom` (restored with pg_restore)
 *   database.tar.gz      PGlite: the data directory (`dumpDataDir`, loaded with `loadDataDir`)
 *   uploads/<key>        the uploaded files
 *
 * PostgreSQL is backed up while the server runs: the row counts and pg_dump read one exported
 * snapshot, and the uploads are copied after it (a file is written before its row, so every row
 * of the snapshot has its file). PGlite is one process: its backup takes the data directory's
 * lock, so the server must be stopped, and a held lock refuses with DataDirInUseError.
 *
 * A restore checks every checksum first, then refuses a backup from another engine, one whose
 * migrations this code does not know, and a target that holds data (a database with tables, a
 * PGlite directory or uploads that exist) unless `force`: then the old data directory and uploads
 * are moved aside (`<name>.replaced-<time>`) and a PostgreSQL database's schemas are dropped. It
 * ends by counting the rows of every table against the manifest.
 *
 * The parts: `backup/manifest.ts` (what a backup is), `backup/take.ts`, `backup/restore.ts`,
 * `backup/files.ts` (programs and files both use).
 */
export {
  BACKUP_FORMAT,
  BackupRefused,
  type Engine,
  type Installation,
  isArchive,
  knownMigrations,
  type Manifest,
  type ManifestFile,
} from './backup/manifest.ts';
export { type RestoreOptions, readManifest, restore } from './backup/restore.ts';
export { backup } from './backup/take.ts';
