CREATE TABLE `attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`page_id` text,
	`creator_id` text,
	`original_name` text NOT NULL,
	`file_format` text NOT NULL,
	`file_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `attachments_page_id_idx` ON `attachments` (`page_id`,`created_at`);