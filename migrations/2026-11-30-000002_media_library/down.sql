DROP TABLE media_files;
