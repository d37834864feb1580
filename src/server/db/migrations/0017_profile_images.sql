ALTER TABLE `attachments` ADD `kind` text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `image_attachment_id` text REFERENCES attachments(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `is_gravatar_enabled` integer DEFAULT false NOT NULL;