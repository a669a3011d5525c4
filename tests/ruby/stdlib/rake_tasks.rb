# rake (a bundled gem) loads a Rakefile and runs tasks with prerequisites
# through Rake.application, as the `rake` command does; an unknown task
# ends the program with rake's error and status.
require "rake"
require "tmpdir"

Rake::TaskManager.record_task_metadata = true
Dir.mktmpdir do |dir|
  File.write(File.join(dir, "Rakefile"), <<~'RAKE')
    task default: :build

    desc "Compile everything"
    task build: [:prepare, "out.txt"] do
      puts "building"
    end

    desc "Make the work directory ready"
    task :prepare do
      puts "preparing"
    end

    file "out.txt" => [] do |t|
      File.write(t.name, "made\n")
      puts "wrote #{t.name}"
    end

    namespace :db do
      desc "Migrate to VERSION"
      task :migrate, [:version] => :prepare do |t, args|
        puts "migrating to #{args[:version] || 'latest'} (#{t.name})"
      end
    end

    rule ".o" => ".c" do |t|
      puts "compile #{t.source} -> #{t.name}"
    end
  RAKE
  File.write(File.join(dir, "main.c"), "int main;\n")

  Dir.chdir(dir)
  begin
    app = Rake.application
    app.init("rake", [])
    app.load_rakefile
    app.top_level
    puts "--"
    app.tasks.each { |t| puts "#{t.name}: #{t.prerequisites.inspect} #{t.comment.inspect}" }
    puts "--"
    Rake::Task["db:migrate"].invoke("42")
    Rake::Task["main.o"].invoke
    p File.read("out.txt")
    p Rake::Task["build"].already_invoked
    p Rake::FileList["*.c"].to_a
    p "src/a.c".pathmap("%{src,obj}X.o")
    p "dir/file.rb".ext("txt")
    puts "--"
    app.options.show_tasks = :tasks
    app.options.show_task_pattern = //
    app.display_tasks_and_comments
    puts "--"
    $stdout.flush
    Rake.application = Rake::Application.new
    Rake.application.run(%w[nope])
  ensure
    Dir.chdir(__dir__)
  end
end
